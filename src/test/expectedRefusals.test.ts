import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { HttpError as PlayerHttpError } from '@/api/errors';
import { isExpectedRefusal } from './expectedRefusals';

describe('expected refusals in the web tests’ console', () => {
  it('are the data provider’s and the notifications’ logs of a server refusal', () => {
    const refusal = new HttpError('Invalid division', 400, { title: 'Invalid division' });
    expect(isExpectedRefusal([refusal])).toBe(true);
    const player = new PlayerHttpError('The game has ended', 409, { status: 409 });
    expect(isExpectedRefusal(['Request failed', player])).toBe(true);
  });

  it('are nothing else: other errors, warnings and extra arguments reach the console', () => {
    expect(isExpectedRefusal([new Error('Something nobody expected')])).toBe(false);
    expect(isExpectedRefusal(['Warning: each child in a list should have a key'])).toBe(false);
    expect(isExpectedRefusal(['Request failed', new TypeError('fetch failed')])).toBe(false);
    const refusal = new HttpError('Invalid division', 400);
    expect(isExpectedRefusal(['Something else', refusal])).toBe(false);
    expect(isExpectedRefusal([refusal, 'and more'])).toBe(false);
  });
});
