// Which engine failures are tried again (services/containers/engineRetry.ts): a flooded engine's
// hang-ups, resets, refused connections, timeouts and 5xx answers; never a refusal (an unknown
// image, impossible limits) nor an engine that is not there at all. Retries are counted, the
// clean-up before each runs, and a refusal or the end of the retry time ends them.
import { describe, expect, it } from 'vitest';
import { engineError } from '#server/services/containers/dockerProvider.js';
import {
  EngineRetry,
  isTransientEngineFailure,
  type EngineOperation,
} from '#server/services/containers/engineRetry.js';
import { ContainerEngineError } from '#server/services/containers/provider.js';

/** A Docker client failure as dockerode reports it, turned into the provider's error. */
const docker = (failure: { code?: string; statusCode?: number; message?: string }) =>
  engineError(Object.assign(new Error(failure.message ?? 'failed'), failure), 'create a container');

const quick = { firstDelayMs: 1, maxDelayMs: 4, totalMs: 60_000 };

function retrying(config = quick) {
  const counted: EngineOperation[] = [];
  const warnings: string[] = [];
  const retry = new EngineRetry(
    config,
    { warn: (_object, message) => warnings.push(message) },
    (operation) => counted.push(operation),
  );
  return { retry, counted, warnings };
}

describe('transient engine failures', () => {
  it('are hang-ups, resets, refused connections, timeouts and 5xx answers', () => {
    expect(isTransientEngineFailure(docker({ message: 'socket hang up' }))).toBe(true);
    expect(isTransientEngineFailure(docker({ code: 'ECONNRESET' }))).toBe(true);
    expect(isTransientEngineFailure(docker({ code: 'ECONNREFUSED' }))).toBe(true);
    expect(isTransientEngineFailure(docker({ code: 'ETIMEDOUT' }))).toBe(true);
    expect(isTransientEngineFailure(docker({ message: 'timeout of 60000ms exceeded' }))).toBe(true);
    expect(
      isTransientEngineFailure(docker({ statusCode: 500, message: 'context deadline exceeded' })),
    ).toBe(true);
    expect(isTransientEngineFailure(docker({ statusCode: 409, message: 'name in use' }))).toBe(
      true,
    );
  });

  it('are never refusals, nor an engine that is not there', () => {
    expect(isTransientEngineFailure(docker({ statusCode: 404, message: 'No such image' }))).toBe(
      false,
    );
    expect(
      isTransientEngineFailure(docker({ statusCode: 500, message: 'No such image: x:y' })),
    ).toBe(false);
    expect(
      isTransientEngineFailure(
        docker({ statusCode: 500, message: 'Minimum memory limit allowed is 6MB' }),
      ),
    ).toBe(false);
    expect(isTransientEngineFailure(docker({ statusCode: 400, message: 'invalid' }))).toBe(false);
    expect(isTransientEngineFailure(docker({ code: 'ENOENT' }))).toBe(false);
    expect(isTransientEngineFailure(new ContainerEngineError('Could not pull', {}, true))).toBe(
      false,
    );
    expect(isTransientEngineFailure(new Error('a bug'))).toBe(false);
  });
});

describe('engine retries', () => {
  it('try again until the engine gives way, counting each retry and cleaning up before it', async () => {
    const { retry, counted, warnings } = retrying();
    let tries = 0;
    let cleanUps = 0;
    const answer = await retry.run(
      'create',
      'a container of echo',
      async () => {
        if (++tries <= 3) throw docker({ message: 'socket hang up' });
        return 'made';
      },
      { beforeRetry: async () => void cleanUps++ },
    );
    expect(answer).toBe('made');
    expect(tries).toBe(4);
    expect(cleanUps).toBe(3);
    expect(counted).toEqual(['create', 'create', 'create']);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(
      /^Container engine: could not create a container of echo \(.*socket hang up\); trying again in 1 ms$/,
    );
  });

  it('give a refusal back at once', async () => {
    const { retry, counted } = retrying();
    let tries = 0;
    await expect(
      retry.run('create', 'x', async () => {
        tries++;
        throw docker({ statusCode: 404, message: 'No such image' });
      }),
    ).rejects.toThrow(/No such image/);
    expect(tries).toBe(1);
    expect(counted).toEqual([]);
  });

  it('give up once the retry time is used up, with the last failure', async () => {
    const { retry, counted } = retrying({ firstDelayMs: 1, maxDelayMs: 1, totalMs: 0 });
    await expect(
      retry.run('destroy', 'x', async () => {
        throw docker({ code: 'ECONNRESET', message: 'read ECONNRESET' });
      }),
    ).rejects.toThrow('The container engine is unavailable');
    expect(counted).toEqual([]);
  });

  it('stop when told to (the instance stops)', async () => {
    const { retry } = retrying();
    const stop = new AbortController();
    let tries = 0;
    await expect(
      retry.run(
        'create',
        'x',
        async () => {
          if (++tries === 2) stop.abort();
          throw docker({ message: 'socket hang up' });
        },
        { signal: stop.signal },
      ),
    ).rejects.toThrow('The container engine is unavailable');
    expect(tries).toBe(2);
  });
});
