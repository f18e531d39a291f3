/**
 * Sets the document title to `<page> - <platform title> CTF`.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from './useClientConfig';

export function formatPageTitle(platformTitle: string, page?: string): string {
  const site = `${platformTitle} CTF`;
  return page ? `${page} - ${site}` : site;
}

export function usePageTitle(page?: string): void {
  const { t } = useTranslation();
  const { data: config } = useClientConfig();
  const platformTitle = config?.title ?? t('common.app_name');
  useEffect(() => {
    document.title = formatPageTitle(platformTitle, page);
  }, [platformTitle, page]);
}
