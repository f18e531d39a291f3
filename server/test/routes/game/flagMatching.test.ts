// Flag matching (issue 25): each match mode accepts and refuses what it should through the real
// submit route and checker; patterns that stall a backtracking engine complete on RE2 with long
// answers; dynamic flags stay exact.
import { expect, it } from 'vitest';
import type { FlagMatchMode } from '#server/db/repositories/flags.js';
import type { Caller } from '../../support/app.js';
import { createChallenge } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';
import { gameWithTeam, submitAndWait, waitForResult, type PlayingTeam } from './support.js';

describeEachDatabase('flag matching', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  /** A static challenge whose flags are added as an organiser adds them (POST …/flags). */
  async function challengeWith(
    gameId: number,
    flags: { flag: string; matchMode?: FlagMatchMode }[],
  ) {
    const challenge = await createChallenge(server.app, gameId, { flags: [] });
    const added = await admin({
      method: 'POST',
      url: `/api/edit/games/${gameId}/challenges/${challenge.id}/flags`,
      payload: flags,
    });
    expect(added.statusCode, added.body).toBe(200);
    return challenge.id;
  }

  const verdicts = async (
    call: Caller,
    gameId: number,
    challengeId: number,
    answers: string[],
  ): Promise<Record<string, string>> => {
    const results: Record<string, string> = {};
    for (const answer of answers) {
      results[answer] = await submitAndWait(call, gameId, challengeId, answer);
    }
    return results;
  };

  it('matches Exact flags exactly, after trimming the answer', async () => {
    const { game, player } = await gameWithTeam(server.app);
    const id = await challengeWith(game.id, [{ flag: 'flag{Exact one}' }]);
    expect(
      await verdicts(player.call, game.id, id, [
        'flag{exact one}',
        'flag{Exact  one}',
        '  flag{Exact one}\t\n',
        'flag{Exact one}',
      ]),
    ).toEqual({
      'flag{exact one}': 'WrongAnswer',
      'flag{Exact  one}': 'WrongAnswer',
      '  flag{Exact one}\t\n': 'Accepted',
      'flag{Exact one}': 'Accepted',
    });
  });

  it('matches CaseInsensitive flags with a Unicode fold', async () => {
    const { game, player } = await gameWithTeam(server.app);
    const id = await challengeWith(game.id, [
      { flag: 'flag{Straße_ΟΔΟΣ_Café}', matchMode: 'CaseInsensitive' },
    ]);
    expect(
      await verdicts(player.call, game.id, id, [
        'FLAG{STRASSE_οδος_CAFÉ}',
        // final sigma, and a decomposed é (e + U+0301)
        'flag{strasse_οδος_cafe\u0301}',
        ' Flag{straße_ΟΔΟς_café} ',
        'flag{strase_οδος_café}',
        'flag{strasse_οδος_cafe}',
        'ｆｌａｇ{strasse_οδος_café}',
      ]),
    ).toEqual({
      'FLAG{STRASSE_οδος_CAFÉ}': 'Accepted',
      'flag{strasse_οδος_cafe\u0301}': 'Accepted',
      ' Flag{straße_ΟΔΟς_café} ': 'Accepted',
      'flag{strase_οδος_café}': 'WrongAnswer',
      // accents and compatibility forms are not folded away
      'flag{strasse_οδος_cafe}': 'WrongAnswer',
      'ｆｌａｇ{strasse_οδος_café}': 'WrongAnswer',
    });
  });

  it('matches Regex flags against the whole trimmed answer, beside exact flags', async () => {
    const { game, player } = await gameWithTeam(server.app);
    const id = await challengeWith(game.id, [
      { flag: 'flag\\{[0-9]{3} [a-z]+\\}', matchMode: 'Regex' },
      { flag: '(?i)ctf\\{é+\\}', matchMode: 'Regex' },
      { flag: 'flag{plain}' },
    ]);
    expect(
      await verdicts(player.call, game.id, id, [
        'flag{123 abc}',
        '  flag{123 abc}  ',
        'xflag{123 abc}',
        'flag{123 abc}x',
        'flag{123  abc}',
        'flag{12 abc}',
        'CTF{ÉéÉ}',
        'flag{plain}',
        'flag\\{plain\\}',
      ]),
    ).toEqual({
      'flag{123 abc}': 'Accepted',
      '  flag{123 abc}  ': 'Accepted',
      'xflag{123 abc}': 'WrongAnswer',
      'flag{123 abc}x': 'WrongAnswer',
      'flag{123  abc}': 'WrongAnswer',
      'flag{12 abc}': 'WrongAnswer',
      'CTF{ÉéÉ}': 'Accepted',
      'flag{plain}': 'Accepted',
      'flag\\{plain\\}': 'WrongAnswer',
    });
  });

  const CATASTROPHIC = ['(a+)+$', '(a|aa)+$', '(.*a){20}', '(a*)*b', '(\\w+\\s?)+$'];

  it('judges patterns that stall a backtracking engine, through the submit route', async () => {
    const { game, player } = await gameWithTeam(server.app);
    for (const pattern of CATASTROPHIC) {
      const id = await challengeWith(game.id, [{ flag: pattern, matchMode: 'Regex' }]);
      // 126 a's and a character that makes every backtracking path fail: 2^126 paths.
      const refused = `${'a'.repeat(126)}!`;
      expect(await submitAndWait(player.call, game.id, id, refused), pattern).toBe('WrongAnswer');
    }
    const id = await challengeWith(game.id, [{ flag: '(a+)+$', matchMode: 'Regex' }]);
    expect(await submitAndWait(player.call, game.id, id, 'a'.repeat(127))).toBe('Accepted');
  });

  /** Stores a submission as the submit route does, without its 127-character limit, and hands
   *  it to the checker. */
  async function submitLong(
    player: PlayingTeam,
    gameId: number,
    challengeId: number,
    answer: string,
  ) {
    const member = player.members[0];
    const id = await server.app.submissionBatches.write({
      gameId,
      challengeId,
      participationId: player.registration.id,
      userId: member.user.id,
      userName: member.user.userName,
      answer,
      now: Date.now(),
      claim: server.app.flagChecker.newClaim(),
    });
    server.app.flagChecker.enqueue(id);
    return waitForResult(player.call, gameId, challengeId, id);
  }

  it('judges tens of thousands of characters against such patterns in the checker', async () => {
    const { game, player } = await gameWithTeam(server.app);
    const long = 'a'.repeat(40_000);
    for (const pattern of CATASTROPHIC) {
      const id = await challengeWith(game.id, [{ flag: pattern, matchMode: 'Regex' }]);
      expect(await submitLong(player, game.id, id, `${long}!`), pattern).toBe('WrongAnswer');
    }
    const id = await challengeWith(game.id, [{ flag: '(.*a){20}', matchMode: 'Regex' }]);
    expect(await submitLong(player, game.id, id, long)).toBe('Accepted');
  });

  it('keeps dynamic flags exact', async () => {
    const { game, player } = await gameWithTeam(server.app);
    const dynamic = await createChallenge(server.app, game.id, {
      type: 'DynamicContainer',
      flagTemplate: 'flag{Dynamic_[TEAM_HASH]}',
    });
    const view = await player.call({
      method: 'GET',
      url: `/api/game/${game.id}/challenges/${dynamic.id}`,
    });
    expect(view.statusCode).toBe(200);
    const { flag } = await server.app.db
      .selectFrom('game_instances')
      .select('flag')
      .where('participation_id', '=', player.registration.id)
      .where('challenge_id', '=', dynamic.id)
      .executeTakeFirstOrThrow();
    expect(await submitAndWait(player.call, game.id, dynamic.id, flag!.toUpperCase())).toBe(
      'WrongAnswer',
    );
    expect(await submitAndWait(player.call, game.id, dynamic.id, flag!)).toBe('Accepted');
  });
});
