import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { TunnelError } from './errors';
import { tunnelErrorNotice, wentOfflineNotice } from './notices';

const t = i18next.t;
const API = 'http://127.0.0.1:3307';

describe('tunnel notices (seed §8)', () => {
  it('says the daemon is offline in red', () => {
    expect(tunnelErrorNotice(new TunnelError('daemon_unavailable', 'x'), t, API)).toEqual({
      id: 'tunnel-offline',
      color: 'error',
      title: 'Tunnel daemon offline',
      message: `No tunnel daemon answers at ${API}. Is it running?`,
    });
  });

  it('warns in orange, under the wsrx-version-mismatch id, about an old daemon', () => {
    expect(
      tunnelErrorNotice(new TunnelError('daemon_version_mismatch', '0.3'), t, API),
    ).toMatchObject({
      id: 'wsrx-version-mismatch',
      color: 'warning',
      message: 'This site needs a tunnel daemon of version 0.4 or later. Please update it.',
    });
  });

  it('shows the daemon’s own text for its errors', () => {
    expect(tunnelErrorNotice(new TunnelError('daemon_error', 'boom'), t, API)).toMatchObject({
      color: 'error',
      title: 'Tunnel daemon error',
      message: 'boom',
    });
  });

  it('falls back to an unknown error for anything else', () => {
    for (const error of [new Error('x'), new TunnelError('missing_scope', 'x'), 'oops']) {
      expect(tunnelErrorNotice(error, t, API)).toMatchObject({
        color: 'error',
        title: 'Unknown error',
        message: 'Something went wrong with the tunnel.',
      });
    }
  });

  it('says when the daemon went offline, replacing an offline notice', () => {
    expect(wentOfflineNotice(t)).toMatchObject({
      id: 'tunnel-offline',
      color: 'error',
      title: 'Tunnel daemon went offline',
    });
  });
});
