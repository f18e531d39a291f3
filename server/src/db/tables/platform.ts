// Tables of the platform itself: stored files, site settings and the log.
import type { Generated, Selectable } from 'kysely';
import type { EpochMs } from './columns.js';

export const LOG_LEVELS = ['Information', 'Warning', 'Error', 'Fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface FilesTable {
  id: Generated<number>;
  hash: string;
  name: string;
  size: number;
  uploaded_at: EpochMs;
  reference_count: Generated<number>;
  /** The type recorded at upload; null for files stored before types were recorded. */
  content_type: string | null;
}

export interface SettingsTable {
  /** e.g. `GlobalConfig.Title`. */
  key: string;
  /** JSON-encoded value. */
  value: string;
  updated_at: EpochMs;
}

export interface LogsTable {
  id: Generated<number>;
  time: EpochMs;
  level: LogLevel;
  logger: string;
  user_name: string | null;
  ip: string | null;
  message: string;
  status: string | null;
  exception: string | null;
}

export interface PlatformTables {
  files: FilesTable;
  settings: SettingsTable;
  logs: LogsTable;
}

export type FileRow = Selectable<FilesTable>;
export type SettingRow = Selectable<SettingsTable>;
export type LogRow = Selectable<LogsTable>;
