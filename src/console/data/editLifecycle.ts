/**
 * Per-resource processing of the game authoring resources (games, challenges, flags), between
 * react-admin and the route table: request bodies are made of the spec's request-model fields only.
 */
import type { CreateParams, ResourceCallbacks, UpdateParams } from 'react-admin';
import { models } from '@/api/formMeta.gen';
import type {
  ChallengeCreate,
  ChallengeUpdate,
  FlagCreate,
  FlagMatchMode,
  GameEdit,
} from '@/api/types';

/** What the server ignores in a game body (it keeps or generates these itself). */
const IGNORED_GAME_FIELDS = new Set(['id', 'poster', 'publicKey']);
const GAME_FIELDS = Object.keys(models.GameInfoEditModel.fields).filter(
  (field) => !IGNORED_GAME_FIELDS.has(field),
) as (keyof GameEdit)[];

/** Division names as the API wants them: trimmed, not blank, each once. */
export function cleanDivisions(divisions: unknown): string[] | null {
  if (!Array.isArray(divisions)) return null;
  const names = divisions
    .filter((name): name is string => typeof name === 'string')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return [...new Set(names)];
}

/** The whole GameInfoEditModel of a form's values (PUT replaces every setting). */
export function gameBody(data: Record<string, unknown>): GameEdit {
  const body: Record<string, unknown> = {};
  for (const field of GAME_FIELDS) {
    if (data[field] !== undefined) body[field] = data[field];
  }
  if ('divisions' in body) body.divisions = cleanDivisions(body.divisions);
  return body as unknown as GameEdit;
}

const CHALLENGE_FIELDS = Object.keys(
  models.ChallengeUpdateModel.fields,
) as (keyof ChallengeUpdate)[];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The ChallengeUpdateModel fields that differ from the record (absent or null = unchanged). */
export function challengeChanges(
  data: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
): ChallengeUpdate {
  const changes: Record<string, unknown> = {};
  for (const field of CHALLENGE_FIELDS) {
    const value = data[field];
    if (value === undefined || value === null || same(value, previous?.[field])) continue;
    changes[field] = field === 'hints' && Array.isArray(value) ? value.map(String) : value;
  }
  return changes as ChallengeUpdate;
}

/** The flags typed in the bulk box: one per line, trimmed, blank lines skipped; each with the
 *  box's match mode when one other than the default is chosen. */
export function flagLines(text: unknown, matchMode?: FlagMatchMode): FlagCreate[] {
  if (typeof text !== 'string') return [];
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((flag) => (matchMode && matchMode !== 'Exact' ? { flag, matchMode } : { flag }));
}

export const gameLifecycle: ResourceCallbacks = {
  resource: 'games',
  beforeUpdate: async (params: UpdateParams) => ({ ...params, data: gameBody(params.data) }),
  beforeCreate: async (params: CreateParams) => ({ ...params, data: gameBody(params.data) }),
};

export const challengeLifecycle: ResourceCallbacks = {
  resource: 'challenges',
  beforeUpdate: async (params: UpdateParams) => ({
    ...params,
    data: challengeChanges(params.data, params.previousData),
  }),
  beforeCreate: async (params: CreateParams<ChallengeCreate>) => ({
    ...params,
    data: {
      title: params.data.title ?? '',
      category: params.data.category,
      type: params.data.type,
    } satisfies ChallengeCreate,
  }),
};

/**
 * The bulk form: `{ flags: "one\ntwo" }` → `[{flag: "one"}, {flag: "two"}]`; flags with their
 * attachments (`{ flags: FlagCreate[] }`) go as they are.
 */
export const flagLifecycle: ResourceCallbacks = {
  resource: 'flags',
  beforeCreate: async (
    params: CreateParams<{ flags?: string | FlagCreate[]; matchMode?: FlagMatchMode }>,
  ) => ({
    ...params,
    data: Array.isArray(params.data.flags)
      ? params.data.flags
      : flagLines(params.data.flags, params.data.matchMode),
  }),
};
