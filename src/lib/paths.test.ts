import { describe, expect, it } from 'vitest';
import { loginPath, playerPaths } from './paths';

describe('loginPath', () => {
  it('builds the login path with the page to come back to', () => {
    expect(loginPath('/admin/users?x=1')).toBe('/account/login?from=%2Fadmin%2Fusers%3Fx%3D1');
  });
});

describe('playerPaths', () => {
  it('writes the pages of a game and escapes post ids', () => {
    expect(playerPaths.monitor(3, 'events')).toBe('/games/3/monitor/events');
    expect(playerPaths.postEdit('a/b')).toBe('/posts/a%2Fb/edit');
  });
});
