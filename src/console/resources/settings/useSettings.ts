/**
 * The Settings page's data: the editable settings (`GET /api/admin/config`) and their saves. A
 * change also refreshes what the rest of the app shows from them: the shell's client configuration
 * (title, theme colour, logo: they update live) and the captcha information.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { Settings } from '@/api/types';
import { clientConfigQueryKey } from '@/lib/useClientConfig';
import type { ConsoleDataProvider } from '@/console/data/dataProvider';
import { captchaKeys } from '@/lib/captcha/captchaQueries';

export const settingsQueryKey = ['settings'] as const;

export function useSettings() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: settingsQueryKey,
    queryFn: () => dataProvider.getSettings(),
    // the page shows the error with a retry button
    retry: false,
  });
}

/** Marks everything read from the settings as stale (active queries refetch at once). */
export function useSettingsChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [settingsQueryKey, clientConfigQueryKey, captchaKeys.config].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** Saves some sections; notifies the outcome (the server's `title` on failure). */
export function useSaveSettings() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const changed = useSettingsChanged();
  return useMutation({
    mutationFn: (sections: Settings) => dataProvider.saveSettings(sections),
    onSuccess: async () => {
      notify('resources.settings.saved', { type: 'success' });
      await changed();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
}
