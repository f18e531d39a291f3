/**
 * The live pushes of a checked batch, after its commit: each submission's monitor events and the
 * submission itself on the monitor hub; a board rebuild for every game where a solve counted; and
 * the blood notices on the players' hub once the board that shows the blood is stored, so a
 * player who reads the board on the notice finds the blood there.
 */
import { toGameEventModel, toNoticeModel, toSubmissionModel } from '../../domain/playModels.js';
import { groups, type RealtimeBus } from '../realtime.js';
import { boardChanged } from '../scoreboard/boardChanges.js';
import type { BatchOutcome } from './checkBatch.js';

export interface PublishDeps {
  realtime: RealtimeBus;
  scoreboards: { invalidate(gameId: number, after?: () => void): void };
  /** Counts each settled submission by its result (when metrics are on). */
  metrics?: { submissionSettled(result: string): void };
  /**
   * A team's solve may have opened challenges to it (issue 25): told once the board that shows
   * the solve is stored (the team's score is read from it).
   */
  solved?: (gameId: number, participationId: number) => void;
}

export function publishBatch(
  { realtime, scoreboards, metrics, solved }: PublishDeps,
  outcome: BatchOutcome,
): void {
  const changedGames = new Set<number>();
  const solves: { gameId: number; participationId: number }[] = [];
  for (const { submission, events, counted } of outcome.checked) {
    if (submission.status === 'Accepted') solves.push(submission);
    metrics?.submissionSettled(submission.status);
    const monitors = groups.monitors(submission.gameId);
    for (const event of events) {
      realtime.publish(monitors, 'ReceivedGameEvent', toGameEventModel(event));
    }
    realtime.publish(monitors, 'ReceivedSubmissions', toSubmissionModel(submission));
    if (counted) changedGames.add(submission.gameId);
  }
  for (const gameId of changedGames) {
    const notices = outcome.notices.filter((n) => n.gameId === gameId);
    const teams = solved ? solves.filter((s) => s.gameId === gameId) : [];
    boardChanged(
      { scoreboards },
      gameId,
      notices.length === 0 && teams.length === 0
        ? undefined
        : () => {
            for (const notice of notices) {
              realtime.publish(groups.players(gameId), 'ReceivedGameNotice', toNoticeModel(notice));
            }
            for (const team of teams) solved?.(gameId, team.participationId);
          },
    );
  }
}
