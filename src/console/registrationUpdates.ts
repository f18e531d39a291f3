/**
 * Keeps what the console shows of registrations current: when a team joins or leaves a game, the
 * review queue and the pending-reviews badge read again. The admin hub carries the server's log,
 * and the server logs these two actions as "<user> joined game <title> with team <id>" and
 * "<user> left game <title>" (server/src/routes/game/join.ts); after a lost connection comes back,
 * everything is read again since such entries may have been missed.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { LogMessage } from '@/api/types';
import { useAdminHub } from './useAdminHub';

/** React-admin's queries of the resource start with its name; the badge's query too. */
export const PARTICIPATIONS_QUERY = ['participations'] as const;

export const isRegistrationLog = (entry: LogMessage) =>
  /\b(joined|left) game\b/.test(entry.msg ?? '');

export function useRegistrationUpdates() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: PARTICIPATIONS_QUERY });
  return useAdminHub({
    onLog: (entry) => {
      if (isRegistrationLog(entry)) refresh();
    },
    onReconnected: refresh,
  });
}
