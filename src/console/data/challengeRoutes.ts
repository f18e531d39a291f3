/**
 * Route-table entries of the resources nested under a game: `challenges`
 * (`/api/edit/games/{id}/challenges`, meta `{ gameId }`) and `flags`
 * (`…/challenges/{cId}/flags`, meta `{ gameId, challengeId }`), and their non-CRUD actions.
 * Neither list is paged by the API: the entries page the whole answer themselves.
 */
import type { Identifier } from 'react-admin';
import { api, HttpError, unwrap } from '@/api/client';
import type {
  AttachmentCreate,
  ChallengeCreate,
  ChallengeDetail,
  ChallengeInfo,
  ChallengeUpdate,
  ContainerInfo,
  FlagCreate,
  FlagInfo,
  FlagTry,
  FlagTryResult,
  LocalFile,
} from '@/api/types';
import {
  gamePath,
  multipart,
  pageLocally,
  parentId,
  type GameMeta,
  type ResourceRoutes,
} from './kit';

/** A challenge in the list. */
export type ChallengeListRecord = ChallengeInfo;

const challengePath = (meta: unknown, cId: Identifier) => ({
  params: { path: { id: parentId(meta, 'gameId'), cId: Number(cId) } },
});

const flagsPath = (meta: unknown) => challengePath(meta, parentId(meta, 'challengeId'));

/** The server's titles of the refusals to enable a challenge (contract E20 and its Vexil
 *  additions), with the console message key (notifications translate it) that explains each. */
const REFUSALS: Record<string, string> = {
  'The challenge has no flag and cannot be enabled': 'resources.challenges.flag_delivery.refused',
  'The challenge has no container image and cannot be enabled':
    'resources.challenges.image_refused',
  'The container image of an enabled challenge cannot be removed':
    'resources.challenges.image_removal_refused',
};

/** Those refusals as console message keys, other errors unchanged. */
function explainRefusal(error: unknown): unknown {
  const key = error instanceof HttpError ? REFUSALS[error.message] : undefined;
  return key && error instanceof HttpError ? new HttpError(key, error.status, error.body) : error;
}

const getChallenge = async (meta: unknown, cId: Identifier): Promise<ChallengeDetail> =>
  unwrap(await api.GET('/api/edit/games/{id}/challenges/{cId}', challengePath(meta, cId)));

export const challengeRoutes = {
  maxPageSize: 1000,
  /** Every challenge at once, with its solve count (a Vexil addition to the list model). */
  list: async (page, meta) =>
    pageLocally(
      unwrap(await api.GET('/api/edit/games/{id}/challenges', gamePath(parentId(meta, 'gameId')))),
      page,
    ),
  getOne: async (cId, meta) => getChallenge(meta, cId),
  update: async (cId, body, meta) => {
    const result = await api.PUT('/api/edit/games/{id}/challenges/{cId}', {
      ...challengePath(meta, cId),
      body,
    });
    try {
      return unwrap(result);
    } catch (error) {
      throw explainRefusal(error);
    }
  },
  create: async (body, meta) =>
    unwrap(
      await api.POST('/api/edit/games/{id}/challenges', {
        ...gamePath(parentId(meta, 'gameId')),
        body,
      }),
    ),
  delete: async (cId, meta) =>
    unwrap(await api.DELETE('/api/edit/games/{id}/challenges/{cId}', challengePath(meta, cId))),
} satisfies ResourceRoutes<
  ChallengeListRecord | ChallengeDetail,
  ChallengeUpdate,
  ChallengeCreate,
  unknown
>;

export const flagRoutes = {
  maxPageSize: 1000,
  /** The challenge's detail holds its flags. */
  list: async (page, meta) =>
    pageLocally((await getChallenge(meta, parentId(meta, 'challengeId'))).flags, page),
  getOne: async (id, meta) => {
    const { flags } = await getChallenge(meta, parentId(meta, 'challengeId'));
    const flag = flags.find((candidate) => candidate.id === Number(id));
    if (!flag) throw new HttpError('The flag was not found', 404);
    return flag;
  },
  /** Adds a batch; the API answers no body. */
  create: async (flags, meta) => {
    unwrap(
      await api.POST('/api/edit/games/{id}/challenges/{cId}/flags', {
        ...flagsPath(meta),
        body: flags,
      }),
    );
    return { id: `batch-${Date.now()}`, count: flags.length };
  },
  delete: async (fId, meta) => {
    const { params } = flagsPath(meta);
    return unwrap(
      await api.DELETE('/api/edit/games/{id}/challenges/{cId}/flags/{fId}', {
        params: { path: { ...params.path, fId: Number(fId) } },
      }),
    );
  },
} satisfies ResourceRoutes<FlagInfo, never, FlagCreate[], unknown>;

/** Non-CRUD challenge operations. */
export const challengeActions = {
  /** `POST …/challenges/{cId}/attachment`: sets (Local, Remote) or removes (None) the file. */
  setAttachment: async (meta: GameMeta, cId: Identifier, body: AttachmentCreate) =>
    unwrap(
      await api.POST('/api/edit/games/{id}/challenges/{cId}/attachment', {
        ...challengePath(meta, cId),
        body,
      }),
    ),
  /** `POST …/challenges/{cId}/container`: starts (or replaces) the organiser's test container. */
  startTestContainer: async (meta: GameMeta, cId: Identifier): Promise<ContainerInfo> =>
    unwrap(
      await api.POST('/api/edit/games/{id}/challenges/{cId}/container', challengePath(meta, cId)),
    ),
  /** `DELETE …/challenges/{cId}/container`: stops it (also fine when there is none). */
  stopTestContainer: async (meta: GameMeta, cId: Identifier) =>
    unwrap(
      await api.DELETE('/api/edit/games/{id}/challenges/{cId}/container', challengePath(meta, cId)),
    ),
  /** `POST …/challenges/updateaccepted`: recounts every challenge's solves. */
  recountAccepted: async (meta: GameMeta) =>
    unwrap(
      await api.POST('/api/edit/games/{id}/challenges/updateaccepted', {
        ...gamePath(parentId(meta, 'gameId')),
      }),
    ),
  /** `POST …/challenges/{cId}/flags/try`: which flags (stored, or the unsaved ones given) accept
   *  an answer, recording nothing. */
  tryFlags: async (meta: GameMeta, cId: Identifier, body: FlagTry): Promise<FlagTryResult> =>
    unwrap(
      await api.POST('/api/edit/games/{id}/challenges/{cId}/flags/try', {
        ...challengePath(meta, cId),
        body,
      }),
    ),
  /** `POST /api/assets` (multipart `files`): the stored file, by hash. */
  uploadAsset: async (file: File): Promise<LocalFile> => {
    const [stored] = unwrap(
      await api.POST('/api/assets', {
        body: { files: [file.name] },
        ...multipart('files', [file]),
      }),
    );
    if (!stored) throw new HttpError('The file is empty', 400);
    return stored;
  },
};
