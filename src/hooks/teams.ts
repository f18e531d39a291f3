/**
 * Team hooks (`/api/team*`) for the signed-in user's teams page: the teams, their invite codes, and
 * every change a captain or a member can make.
 *
 * Teams are personal data: never in the local cache, no polling (a focus reads them again). Every
 * change that answers the team writes it into the list at once; the others read the list again.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { TeamInfo, TeamUpdate } from '@/api/types';
import { myTeamsKey, useMyTeams } from './games';

export const teamKeys = {
  all: ['teams'] as const,
  /** The caller's teams, shared with the games' join dialog. */
  mine: myTeamsKey,
  invite: (id: number) => ['teams', 'invite', id] as const,
};

/** The signed-in caller's teams (`GET /api/team`), read only while `enabled`. */
export const useTeams = useMyTeams;

function putTeam(queryClient: QueryClient, team: TeamInfo) {
  queryClient.setQueryData<TeamInfo[]>(teamKeys.mine, (teams) => {
    if (!teams) return [team];
    return teams.some((known) => known.id === team.id)
      ? teams.map((known) => (known.id === team.id ? team : known))
      : [...teams, team];
  });
}

function dropTeam(queryClient: QueryClient, id: number) {
  queryClient.setQueryData<TeamInfo[]>(teamKeys.mine, (teams) =>
    teams?.filter((team) => team.id !== id),
  );
  queryClient.removeQueries({ queryKey: teamKeys.invite(id) });
}

const teamPath = (id: number) => ({ params: { path: { id } } });

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TeamUpdate) => unwrap(await api.POST('/api/team', { body })),
    onSuccess: (team) => putTeam(queryClient, team),
  });
}

/** Joins the team of an invite code; the list is read again to show it. */
export function useJoinTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => unwrap(await api.POST('/api/team/accept', { body: code })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.mine }),
  });
}

/** Name and bio: an empty bio clears it, the name must stay non-empty. */
export function useUpdateTeam(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TeamUpdate) =>
      unwrap(await api.PUT('/api/team/{id}', { ...teamPath(id), body })),
    onSuccess: (team) => putTeam(queryClient, team),
  });
}

/** Uploads a new team avatar (multipart `file`) and returns its URL. */
export function useUploadTeamAvatar(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return unwrap(
        await api.PUT('/api/team/{id}/avatar', {
          ...teamPath(id),
          // the generated type of a binary part is `string`; the real body is the FormData
          body: { file: file.name },
          bodySerializer: () => form,
        }),
      );
    },
    onSuccess: (avatar) =>
      queryClient.setQueryData<TeamInfo[]>(teamKeys.mine, (teams) =>
        teams?.map((team) => (team.id === id ? { ...team, avatar } : team)),
      ),
  });
}

/** The team's invite code (captains only), read while `enabled`. */
export function useInviteCode(id: number, enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.invite(id),
    queryFn: async () => unwrap(await api.GET('/api/team/{id}/invite', teamPath(id))),
    enabled,
    staleTime: Infinity,
  });
}

/** A new invite code; the old one stops working. */
export function useRenewInviteCode(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.PUT('/api/team/{id}/invite', teamPath(id))),
    onSuccess: (code) => queryClient.setQueryData(teamKeys.invite(id), code),
  });
}

export function useKickMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) =>
      unwrap(await api.POST('/api/team/{id}/kick/{userId}', { params: { path: { id, userId } } })),
    onSuccess: (team) => putTeam(queryClient, team),
  });
}

export function useTransferCaptaincy(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (newCaptainId: string) =>
      unwrap(await api.PUT('/api/team/{id}/transfer', { ...teamPath(id), body: { newCaptainId } })),
    onSuccess: (team) => {
      putTeam(queryClient, team);
      // only captains may read the code
      queryClient.removeQueries({ queryKey: teamKeys.invite(id) });
    },
  });
}

export function useLeaveTeam(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/team/{id}/leave', teamPath(id))),
    onSuccess: () => dropTeam(queryClient, id),
  });
}

export function useDeleteTeam(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/api/team/{id}', teamPath(id))),
    onSuccess: () => dropTeam(queryClient, id),
  });
}
