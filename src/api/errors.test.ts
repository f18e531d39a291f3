import { describe, expect, it } from 'vitest';
import { HttpError, unwrap } from './errors';

const json = (status: number, statusText = '') => new Response(null, { status, statusText });

describe('unwrap', () => {
  it('returns data of a successful call', () => {
    const data = { title: 'Demo', slogan: 'Hack' };
    expect(unwrap({ data, response: json(200) })).toBe(data);
  });

  it('returns undefined data of an empty success', () => {
    expect(unwrap({ data: undefined, response: json(200) })).toBeUndefined();
  });

  it('throws an HttpError whose message is the body title', () => {
    const body = { title: 'Not implemented yet', status: 501 };
    let thrown: unknown;
    try {
      unwrap({ error: body, response: json(501, 'Not Implemented') });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).toMatchObject({ message: 'Not implemented yet', status: 501, body });
  });

  it('falls back to the status text, then the status code', () => {
    expect(() => unwrap({ error: 'oops', response: json(502, 'Bad Gateway') })).toThrow(
      'Bad Gateway',
    );
    expect(() => unwrap({ error: { title: '' }, response: json(500) })).toThrow('HTTP 500');
  });

  it('throws on a non-ok response even without an error body', () => {
    expect(() => unwrap({ response: json(404) })).toThrow(HttpError);
  });
});
