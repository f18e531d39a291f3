/** Listens, for the whole console, to registration changes (./registrationUpdates.ts). */
import { useRegistrationUpdates } from './registrationUpdates';

export function RegistrationUpdates() {
  useRegistrationUpdates();
  return null;
}
