// Pure pieces of the hubs: record framing, payload times, connection tokens.
import { describe, expect, it } from 'vitest';
import { ConnectionTokens } from '#server/plugins/hubs/negotiate.js';
import {
  closeFrame,
  invocationFrame,
  readHandshake,
  RecordReader,
  toHubPayload,
} from '#server/plugins/hubs/protocol.js';

describe('hub protocol pieces', () => {
  it('splits records and keeps a partial one for the next message', () => {
    const reader = new RecordReader();
    expect(reader.push('{"type":6}\x1e{"ty')).toEqual(['{"type":6}']);
    expect(reader.push('pe":7}\x1e')).toEqual(['{"type":7}']);
    expect(() => new RecordReader(4).push('0123456789')).toThrow(/too large/);
  });

  it('accepts only the json protocol, version 1', () => {
    expect(readHandshake('{"protocol":"json","version":1}')).toEqual({ ok: true });
    expect(readHandshake('{"protocol":"json","version":2}').ok).toBe(false);
    expect(readHandshake('{"protocol":"messagepack","version":1}').ok).toBe(false);
    expect(readHandshake('nope').ok).toBe(false);
  });

  it('writes times as ISO strings with an offset and leaves other fields alone', () => {
    expect(toHubPayload('ReceivedLog', { time: 0, msg: 'x', other: 5 })).toEqual({
      time: '1970-01-01T00:00:00.000+00:00',
      msg: 'x',
      other: 5,
    });
    expect(toHubPayload('ReceivedGameNotice', null)).toBeNull();
    const message = { target: 'ReceivedGameEvent' as const, payload: { time: 1000 } };
    expect(invocationFrame(message).toString()).toBe(
      '{"type":1,"target":"ReceivedGameEvent","arguments":[{"time":"1970-01-01T00:00:01.000+00:00"}]}\x1e',
    );
    // Encoded once: every socket is sent the same bytes.
    expect(invocationFrame(message)).toBe(invocationFrame(message));
    expect(closeFrame('bad')).toBe('{"type":7,"error":"bad","allowReconnect":false}\x1e');
  });
});

describe('connection tokens', () => {
  it('are used once and expire', () => {
    const tokens = new ConnectionTokens(1000);
    const { connectionId, connectionToken } = tokens.issue(1, 0);
    expect(tokens.redeem(connectionToken, 500)).toBe(connectionId);
    expect(tokens.redeem(connectionToken, 500)).toBeUndefined();
    const late = tokens.issue(1, 0);
    expect(tokens.redeem(late.connectionToken, 1001)).toBeUndefined();
  });

  it('use the connection id as the token for version 0', () => {
    const { connectionId, connectionToken } = new ConnectionTokens().issue(0);
    expect(connectionToken).toBe(connectionId);
  });

  it('sweep expired tokens and cap how many wait', () => {
    const tokens = new ConnectionTokens(1000, 3);
    tokens.issue(1, 0);
    tokens.issue(1, 0);
    tokens.issue(1, 5000);
    expect(tokens.size).toBe(1);
    const kept = [tokens.issue(1, 5000), tokens.issue(1, 5000), tokens.issue(1, 5000)];
    expect(tokens.size).toBe(3);
    expect(tokens.redeem(kept[2].connectionToken, 5000)).toBe(kept[2].connectionId);
  });
});
