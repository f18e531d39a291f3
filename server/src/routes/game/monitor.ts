/** Monitor views of a game: submissions, detected cheating, registrations (G9–G11). */
import { listCheatInfos } from '../../db/repositories/cheatInfos.js';
import {
  listParticipationsWithTeams,
  listRegisteredMembers,
  listTeamMemberUsers,
} from '../../db/repositories/participations.js';
import { listSubmissionViews } from '../../db/repositories/submissions.js';
import { toTeam } from '../../db/repositories/teams.js';
import { toUser } from '../../db/repositories/users.js';
import {
  toCheatInfoModel,
  toParticipationModel,
  toSubmissionModel,
  type CheatInfoModel,
} from '../../domain/playModels.js';
import { avatarUrl, toProfileModel } from '../../domain/profiles.js';
import type { Handlers } from '../../http/handlers.js';
import { queryOf, requireGame, requireStartedGame } from './context.js';

export const gameMonitorHandlers: Handlers = {
  async gameGetSubmissions(request) {
    const game = await requireStartedGame(request, request.params.id);
    const { count = 100, skip = 0, type } = queryOf(request, 'gameGetSubmissions');
    if (count === 0) return [];
    const submissions = await listSubmissionViews(request.server.db, game.id, {
      status: type,
      count,
      skip,
    });
    return submissions.map(toSubmissionModel);
  },

  async gameGetCheatInfo(request) {
    const game = await requireStartedGame(request, request.params.id);
    const { db } = request.server;
    const [infos, participations, submissions] = await Promise.all([
      listCheatInfos(db, game.id),
      listParticipationsWithTeams(db, game.id),
      listSubmissionViews(db, game.id, { status: 'CheatDetected' }),
    ]);
    const byId = new Map(
      participations.map((p) => [p.id, toParticipationModel(p, toTeam(p.team))]),
    );
    const subs = new Map(submissions.map((s) => [s.id, s]));
    return infos
      .map((info) => toCheatInfoModel(info, byId, subs))
      .filter((model): model is CheatInfoModel => model !== null);
  },

  async gameGetParticipations(request) {
    const game = await requireGame(request, request.params.id);
    const { db } = request.server;
    const participations = await listParticipationsWithTeams(db, game.id);
    const [registered, members] = await Promise.all([
      listRegisteredMembers(db, game.id),
      listTeamMemberUsers(db, [...new Set(participations.map((p) => p.teamId))]),
    ]);
    return participations.map((p) => ({
      id: p.id,
      team: {
        id: p.team.id,
        name: p.team.name,
        bio: p.team.bio,
        avatar: avatarUrl(p.team.avatar_hash),
        locked: p.team.locked !== 0,
        captainId: p.team.captain_id,
        members: (members.get(p.teamId) ?? []).map((row) => toProfileModel(toUser(row))),
      },
      registeredMembers: registered.get(p.id) ?? [],
      division: p.division,
      status: p.status,
    }));
  },
};
