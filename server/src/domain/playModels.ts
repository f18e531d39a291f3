/** Wire models of the play and monitor endpoints (and their realtime pushes). Pure. */
import type { components } from '#wire/schema.gen.js';
import type { CheatInfo } from '../db/repositories/cheatInfos.js';
import type { GameEvent } from '../db/repositories/gameEvents.js';
import type { GameNotice } from '../db/repositories/notices.js';
import type { Participation } from '../db/repositories/participations.js';
import type { SubmissionView } from '../db/repositories/submissions.js';
import type { Team } from '../db/repositories/teams.js';
import { avatarUrl } from './profiles.js';

type Schemas = components['schemas'];
export type SubmissionModel = Schemas['Submission'];
export type GameEventModel = Schemas['GameEvent'];
export type GameNoticeModel = Schemas['GameNotice'];
export type ParticipationModel = Schemas['ParticipationModel'];
export type CheatInfoModel = Schemas['CheatInfoModel'];

export const toSubmissionModel = (s: SubmissionView): SubmissionModel => ({
  answer: s.answer,
  status: s.status,
  time: s.time,
  user: s.userName,
  team: s.teamName,
  challenge: s.challengeTitle,
});

export const toGameEventModel = (e: GameEvent): GameEventModel => ({
  type: e.type,
  values: e.values,
  time: e.time,
  user: e.userName,
  team: e.teamName,
});

export const toNoticeModel = (n: GameNotice): GameNoticeModel => ({
  id: n.id,
  time: n.time,
  type: n.type,
  values: n.values,
});

export const toParticipationModel = (
  p: Pick<Participation, 'id' | 'status' | 'division'>,
  team: Pick<Team, 'id' | 'name' | 'avatarHash'>,
): ParticipationModel => ({
  id: p.id,
  team: { id: team.id, name: team.name, avatar: avatarUrl(team.avatarHash) },
  status: p.status,
  division: p.division,
});

export function toCheatInfoModel(
  info: CheatInfo,
  participations: Map<number, ParticipationModel>,
  submissions: Map<number, SubmissionView>,
): CheatInfoModel | null {
  const ownedTeam = participations.get(info.sourceParticipationId);
  const submitTeam = participations.get(info.submitParticipationId);
  const submission = submissions.get(info.submissionId);
  if (!ownedTeam || !submitTeam || !submission) return null;
  return { ownedTeam, submitTeam, submission: toSubmissionModel(submission) };
}
