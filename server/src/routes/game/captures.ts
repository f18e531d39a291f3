/**
 * Traffic captures for monitors (G23–G29, behaviour §7.4): which challenges record, which teams
 * have files, and the files themselves, one by one or as a tar.gz. Files carry the team's flag,
 * hence the Monitor role.
 */
import contentDisposition from 'content-disposition';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { findCaptureTeams, listCaptureChallenges } from '../../db/repositories/captures.js';
import { captureArchiveBase } from '../../domain/captureRules.js';
import { avatarUrl } from '../../domain/profiles.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Handlers } from '../../http/handlers.js';
import { setUploadedContentHeaders } from '../../http/uploadedContent.js';
import type { CaptureStore } from '../../services/captureStore.js';

const noCapture = () => notFound('No captured traffic found');

/** Writes every file of the team into the pack under `base/`, then finalizes it. */
async function packCaptures(
  store: CaptureStore,
  pack: tar.Pack,
  base: string,
  challengeId: number,
  participationId: number,
) {
  try {
    for (const file of await store.files(challengeId, participationId)) {
      const blob = await store.open(challengeId, participationId, file.fileName);
      if (!blob) continue;
      const sink = pack.entry({
        name: `${base}/${file.fileName}`,
        size: blob.size,
        mtime: new Date(blob.updateTime),
      });
      await pipeline(blob.stream, sink);
    }
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
  }
}

export const gameCaptureHandlers: Handlers = {
  async gameGetCaptureChallenges(request) {
    const { db, captures } = request.server;
    const challenges = await listCaptureChallenges(db, request.params.id);
    return Promise.all(
      challenges.map(async (challenge) => ({
        ...challenge,
        count: (await captures.teams(challenge.id)).length,
      })),
    );
  },

  async gameGetChallengeTraffic(request) {
    const { db, captures } = request.server;
    const folders = await captures.teams(request.params.challengeId);
    const counts = new Map(folders.map((f) => [f.participationId, f.count]));
    const teams = await findCaptureTeams(db, [...counts.keys()]);
    if (teams.length === 0) throw noCapture();
    return teams.map((team) => ({
      id: team.participationId,
      teamId: team.teamId,
      name: team.name,
      division: team.division,
      avatar: avatarUrl(team.avatarHash),
      count: counts.get(team.participationId) ?? 0,
    }));
  },

  async gameGetTeamTrafficFiles(request) {
    const { challengeId, partId } = request.params;
    return request.server.captures.files(challengeId, partId);
  },

  async gameDownloadTeamTraffic(request, reply) {
    const { challengeId, partId, filename } = request.params;
    const file = await request.server.captures.open(challengeId, partId, filename);
    if (!file) throw noCapture();
    return setUploadedContentHeaders(reply, {
      type: 'application/octet-stream',
      downloadName: filename,
    })
      .header('content-length', file.size)
      .send(file.stream);
  },

  async gameDownloadAllTeamTraffic(request, reply) {
    const { challengeId, partId } = request.params;
    const base = captureArchiveBase(challengeId, partId, Date.now());
    const pack = tar.pack();
    void packCaptures(request.server.captures, pack, base, challengeId, partId);
    return reply
      .type('application/gzip')
      .header('content-disposition', contentDisposition(`${base}.tar.gz`))
      .send(pack.pipe(createGzip()));
  },

  async gameDeleteTeamTraffic(request) {
    const { challengeId, partId, filename } = request.params;
    if (!(await request.server.captures.remove(challengeId, partId, filename))) throw noCapture();
  },

  async gameDeleteAllTeamTraffic(request) {
    const { challengeId, partId } = request.params;
    try {
      await request.server.captures.removeAll(challengeId, partId);
    } catch (error) {
      throw badRequest((error as Error).message);
    }
  },
};
