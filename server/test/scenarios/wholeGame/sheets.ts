// Act 8: the scoreboard and every submission exported as sheets.
import { expect, it } from 'vitest';
import { readWorkbook, sheetTime } from '../organiser.js';
import { type Player } from '../players.js';
import { readSubmissions } from '../support.js';
import { type Story } from './story.js';

export function sheetsAreExported(story: Story): void {
  it('exports the scoreboard and every submission as sheets', async () => {
    const { monitor, gameId, challenge, player, finalBoard } = story;
    const board = await monitor({ method: 'GET', url: `/api/game/${gameId}/scoreboardsheet` });
    expect(board.statusCode).toBe(200);
    const rows = await readWorkbook(board.rawPayload, 'Scoreboard');
    const columns = ['Sanity', 'Pool', 'Hashes'];
    expect(rows[0]).toEqual([
      'Rank',
      'Team',
      'Division',
      'Captain',
      'Crew',
      'Real Name',
      'Email',
      'Student Number',
      'Phone',
      'Solved',
      'Time',
      'Score',
      ...columns,
    ]);
    const captains: Record<string, string> = { Alpha: 'alice', Bravo: 'bob', Charlie: 'carol' };
    const crews: Record<string, Player[]> = {
      Alpha: [player.alice, player.amy],
      Bravo: [player.bob],
      Charlie: [player.carol],
    };
    const empty = (n: number) => Array(n).fill('<empty>').join(' / ');
    expect(rows.slice(1)).toEqual(
      finalBoard.items.map((item) => {
        const crew = crews[item.name];
        const points = (title: string) => {
          const id = Object.values(challenge).find((c) => c.title === title)!.id;
          return item.solvedChallenges.find((s) => s.id === id)?.score ?? 0;
        };
        return [
          item.rank,
          item.name,
          item.division,
          captains[item.name],
          crew.map((p) => p.userName).join(' / '),
          empty(crew.length),
          crew.map((p) => p.email).join(' / '),
          empty(crew.length),
          empty(crew.length),
          item.solvedCount,
          sheetTime(item.lastSubmissionTime),
          item.score,
          ...columns.map(points),
        ];
      }),
    );

    const all = await monitor({ method: 'GET', url: `/api/game/${gameId}/submissionsheet` });
    expect(all.statusCode).toBe(200);
    const submissionRows = await readWorkbook(all.rawPayload, 'All Submissions');
    expect(submissionRows[0]).toEqual([
      'Status',
      'Time',
      'Team',
      'User',
      'Challenge',
      'Submission',
      'Email',
    ]);
    const text: Record<string, string> = {
      Accepted: 'ACCEPTED',
      WrongAnswer: 'WRONG',
      CheatDetected: 'Cheat detection',
    };
    const emails = new Map(Object.values(player).map((p) => [p.userName, p.email]));
    const submissions = await readSubmissions(monitor, gameId);
    expect(submissions).toHaveLength(12);
    expect(submissionRows.slice(1)).toEqual(
      submissions.map((s) => [
        text[s.status],
        sheetTime(s.time),
        s.team,
        s.user,
        s.challenge,
        s.answer,
        emails.get(s.user),
      ]),
    );
  });
}
