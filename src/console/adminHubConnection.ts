/**
 * The console's live channel, `/hub/admin` (the server's live log and registration changes): which
 * hub and which messages.
 * The connection, its retry policy and its states are the app's one realtime module
 * (`@/lib/realtime`).
 */
export const ADMIN_HUB_PATH = '/hub/admin';
/** The hub method that carries one new log entry (a LogMessageModel with an ISO time). */
export const RECEIVED_LOG = 'ReceivedLog';
/** Vexil's hub method for a team's registration created, reviewed or removed (RegistrationChange). */
export const RECEIVED_REGISTRATION_CHANGE = 'ReceivedRegistrationChange';
