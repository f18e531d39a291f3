import { describe, expect, it } from 'vitest';
import { httpUrl, newWebhookDefaults } from './WebhookInputs';

describe('WebhookInputs', () => {
  it('accepts http and https URLs only', () => {
    expect(httpUrl('https://chat.example.org/h', {}, {})).toBeUndefined();
    expect(httpUrl('http://10.0.0.2:8080/h', {}, {})).toBeUndefined();
    expect(httpUrl('', {}, {})).toBeUndefined();
    expect(httpUrl('ftp://example.org', {}, {})).toBe('resources.webhooks.validation.url');
    expect(httpUrl('chat.example.org', {}, {})).toBe('resources.webhooks.validation.url');
  });

  it('starts a new endpoint for the given game, or every game', () => {
    expect(newWebhookDefaults(7)).toMatchObject({ gameId: 7, enabled: true });
    expect(newWebhookDefaults().gameId).toBeNull();
  });
});
