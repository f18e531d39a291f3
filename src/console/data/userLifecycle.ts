/**
 * Per-resource processing of users, between react-admin and the route table.
 */
import type { CreateParams, DataProvider, ResourceCallbacks, UpdateParams } from 'react-admin';
import type { AdminUserUpdate, UserCreate } from '@/api/types';
import { models } from '@/api/formMeta.gen';
import type { UserRecord } from './dataRoutes';

type Editable = keyof AdminUserUpdate;
const EDITABLE = Object.keys(models.AdminUserInfoModel.fields) as Editable[];

/** The fields the API lets an admin change that differ from the record (nulls mean "unchanged"). */
export function userChanges(
  data: Partial<UserRecord>,
  previous: Partial<UserRecord>,
): AdminUserUpdate {
  const changes: Record<string, unknown> = {};
  for (const field of EDITABLE) {
    if (!(field in data)) continue;
    const value = data[field as keyof UserRecord];
    if (value === undefined || value === previous[field as keyof UserRecord]) continue;
    changes[field] = value;
  }
  return changes as AdminUserUpdate;
}

/** A batch row from the create form: empty optional cells become null, text is trimmed of edges. */
export function cleanNewUser(row: Partial<Record<keyof UserCreate, string | null>>): UserCreate {
  const text = (value: string | null | undefined) => value?.trim() ?? '';
  const optional = (value: string | null | undefined) => (text(value) === '' ? null : text(value));
  return {
    userName: text(row.userName),
    email: text(row.email),
    password: row.password ?? '',
    realName: optional(row.realName),
    stdNumber: optional(row.stdNumber),
    phone: optional(row.phone),
    teamName: optional(row.teamName),
  };
}

interface ConsoleExtras {
  searchUsers: (hint: string) => Promise<{ data: UserRecord[] }>;
}

/** The create form's batch: `{ users: [...] }`. */
interface BatchForm {
  users?: Partial<Record<keyof UserCreate, string | null>>[];
}

export const userLifecycle: ResourceCallbacks = {
  resource: 'users',
  // The user's page lacks the list-only fields (confirmed flag, times, address, ways to sign
  // in): the admin search
  // matches ids as text, so searching the full id finds exactly this user.
  afterGetOne: async (result: { data: UserRecord }, dataProvider: DataProvider) => {
    const { searchUsers } = dataProvider as DataProvider & ConsoleExtras;
    const found = await searchUsers(String(result.data.id)).catch(() => undefined);
    const listed = found?.data.find((candidate) => candidate.id === result.data.id);
    if (!listed) return result;
    const { emailConfirmed, registerTimeUtc, lastVisitedUtc, ip, signIn } = listed;
    return {
      data: { ...result.data, emailConfirmed, registerTimeUtc, lastVisitedUtc, ip, signIn },
    };
  },
  beforeUpdate: async (params: UpdateParams<UserRecord>) => ({
    ...params,
    data: userChanges(params.data, params.previousData),
  }),
  beforeCreate: async (params: CreateParams<BatchForm>) => ({
    ...params,
    data: (params.data.users ?? []).map(cleanNewUser),
  }),
};
