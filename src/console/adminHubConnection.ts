/**
 * The console's live channel, `/hub/admin` (the server's live log): which hub and which message.
 * The connection, its retry policy and its states are the app's one realtime module
 * (`@/lib/realtime`).
 */
import { createHubConnection, type ConnectHub } from '@/lib/realtime/hubLink';

export const ADMIN_HUB_PATH = '/hub/admin';
/** The hub method that carries one new log entry (a LogMessageModel with an ISO time). */
export const RECEIVED_LOG = 'ReceivedLog';

/** Builds the `/hub/admin` connection (tests replace it with a fake). */
export const connectAdminHub: ConnectHub = createHubConnection;
