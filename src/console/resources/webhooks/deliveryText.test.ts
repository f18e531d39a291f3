import { describe, expect, it } from 'vitest';
import { outcomeOf, statusColour } from './deliveryText';

describe('deliveryText', () => {
  it('colours delivered green, pending amber, failed red and none grey', () => {
    expect(statusColour('Delivered')).toBe('success');
    expect(statusColour('Pending')).toBe('warning');
    expect(statusColour('Failed')).toBe('error');
    expect(statusColour(undefined)).toBe('default');
  });

  it('says what the last attempt gave', () => {
    expect(outcomeOf({ attempts: 0, lastStatusCode: null, lastError: null }).key).toMatch(
      /not_tried$/,
    );
    expect(outcomeOf({ attempts: 1, lastStatusCode: 204, lastError: null })).toEqual({
      key: 'resources.webhooks.deliveries.answered',
      values: { code: 204 },
    });
    expect(
      outcomeOf({ attempts: 2, lastStatusCode: 500, lastError: 'The receiver answered 500' }),
    ).toEqual({ key: 'resources.webhooks.deliveries.refused', values: { code: 500 } });
    expect(
      outcomeOf({ attempts: 5, lastStatusCode: null, lastError: 'No answer within 10 s' }),
    ).toEqual({
      key: 'resources.webhooks.deliveries.unreachable',
      values: { error: 'No answer within 10 s' },
    });
  });
});
