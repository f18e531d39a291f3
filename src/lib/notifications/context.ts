import { createContext, useContext, type ReactNode } from 'react';

export type NoticeColor = 'error' | 'warning' | 'success' | 'info';

export interface NoticeInput {
  /** Reusing an id replaces that notification (e.g. a loading notice becoming its outcome). */
  id?: string;
  title?: string;
  message: ReactNode;
  color?: NoticeColor;
  /** Milliseconds before it closes by itself, or false to stay until closed. */
  autoClose?: number | false;
  /** Shows a spinner and stays open until updated. */
  loading?: boolean;
}

export interface Notice extends NoticeInput {
  id: string;
}

export interface NotificationApi {
  show: (notice: NoticeInput) => string;
  update: (id: string, notice: NoticeInput) => void;
  hide: (id: string) => void;
  /** A failed request, shown per the seed's error catalogue (§8). */
  error: (error: unknown) => string;
}

export const NotificationContext = createContext<NotificationApi | null>(null);

export function useNotify(): NotificationApi {
  const api = useContext(NotificationContext);
  if (!api) throw new Error('useNotify must be used inside <NotificationProvider>');
  return api;
}
