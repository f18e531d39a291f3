import { afterEach, describe, expect, it, vi } from 'vitest';
import { translationBackend, translationUrls } from './translationBackend';

const read = (language: string) =>
  new Promise<{ error: unknown; data: unknown }>((resolve) =>
    translationBackend.read(language, 'translation', (error, data) => resolve({ error, data })),
  );

describe('translation backend', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('knows the file of every shipped catalogue', () => {
    expect(Object.keys(translationUrls)).toContain('en-US');
  });

  it('answers an empty catalogue without a request for an unsupported language', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await read('pt-BR')).toEqual({ error: null, data: {} });
    expect(await read('<script>')).toEqual({ error: null, data: {} });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fetches a shipped catalogue from its versioned URL', async () => {
    const fetch = vi.fn(async () => new Response('{"hello":"Hallo"}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    expect(await read('en-US')).toEqual({ error: null, data: { hello: 'Hallo' } });
    expect(fetch).toHaveBeenCalledWith(translationUrls['en-US'], expect.anything());
  });

  it('asks i18next to retry when the file cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503 })),
    );
    const { error, data } = await read('en-US');
    expect(error).toBeInstanceOf(Error);
    expect(data).toBe(true);
  });
});
