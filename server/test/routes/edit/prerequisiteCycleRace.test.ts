// Two organisers saving opposite prerequisites at once (A needs B, B needs A) must not store a
// cycle together (issue 25): each check would see a graph without the other's edge. On PostgreSQL
// the saves queue on the game's row; SQLite has one writer. Exactly one save wins each round.
import { expect, it } from 'vitest';
import { createChallenge, createGame } from '../../support/competition.js';
import { describeEachDatabase } from '../../support/databases.js';
import { useTestApp } from '../../support/harness.js';

const ROUNDS = 5;

describeEachDatabase('prerequisites saved at once', (getDb) => {
  const server = useTestApp(getDb);
  const admin = server.as('Admin');

  it('never stores a cycle from two opposite saves at once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const game = await createGame(server.app);
      const a = await createChallenge(server.app, game.id, { title: `A${round}` });
      const b = await createChallenge(server.app, game.id, { title: `B${round}` });
      const save = (id: number, required: number) =>
        admin({
          method: 'PUT',
          url: `/api/edit/games/${game.id}/challenges/${id}`,
          payload: { prerequisites: [required] },
        });
      const answers = await Promise.all([save(a.id, b.id), save(b.id, a.id)]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes, answers.map((answer) => answer.body).join('\n')).toEqual([200, 400]);
      const refused = answers.find((answer) => answer.statusCode === 400)!;
      expect((refused.json() as { title: string }).title).toMatch(/would make a cycle/);
      const edges = await server.app.db
        .selectFrom('challenge_prerequisites')
        .select(['challenge_id', 'required_id'])
        .where('challenge_id', 'in', [a.id, b.id])
        .execute();
      expect(edges).toHaveLength(1);
    }
  });
});
