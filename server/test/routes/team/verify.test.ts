import { expect, it } from 'vitest';
import { generateGameKeyPair, sign } from '#server/domain/teamToken.js';
import { caller } from '../../support/app.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';

describeEachDatabase('POST /api/team/verify', (getDb) => {
  const server = useTestApp(getDb);

  const keys = generateGameKeyPair();
  const verify = async (teamToken: string, publicKey: string, status: number) => {
    const response = await caller(server.app)({
      method: 'POST',
      url: '/api/team/verify',
      payload: { teamToken, publicKey },
    });
    expect(response.statusCode, `${teamToken} / ${publicKey}`).toBe(status);
    if (status !== 200) expect(response.json().status).toBe(status);
    return response;
  };

  it('accepts a token signed by the game, without signing in', async () => {
    const response = await verify(sign(keys.privateKey, 12), keys.publicKey, 200);
    expect(response.body).toBe('');
  });

  it('answers 401 when the signature does not verify', async () => {
    const token = sign(keys.privateKey, 12);
    await verify(token.replace(/^12:/, '13:'), keys.publicKey, 401);
    await verify(token, generateGameKeyPair().publicKey, 401);
    await verify(`12:${Buffer.alloc(64).toString('base64')}`, keys.publicKey, 401);
  });

  it('answers 400 to malformed keys and tokens', async () => {
    const token = sign(keys.privateKey, 12);
    const signature = token.split(':')[1];
    for (const publicKey of ['AAAA', Buffer.alloc(33).toString('base64'), 'not*base64*at*all!!']) {
      await verify(token, publicKey, 400);
    }
    for (const bad of [signature, `x:${signature}`, `-1:${signature}`, '12:', '12:%%%%']) {
      await verify(bad, keys.publicKey, 400);
    }
    const missing = await caller(server.app)({
      method: 'POST',
      url: '/api/team/verify',
      payload: { teamToken: token },
    });
    expect(missing.statusCode).toBe(400);
  });
});
