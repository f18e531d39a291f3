/**
 * The server's refusals that a test mocks (an HttpError with its status) are logged in development
 * by react-admin's data provider (`console.error(error)`) and by the player site's notifications
 * (`console.warn('Request failed', error)`); the test then checks that the screen shows them.
 * The web tests' set-up drops exactly these console calls, so the output keeps only what nobody
 * expected: any other error or warning still reaches the console.
 */
const isRefusal = (value: unknown) =>
  value instanceof Error &&
  value.name === 'HttpError' &&
  typeof (value as { status?: unknown }).status === 'number';

export function isExpectedRefusal(args: unknown[]): boolean {
  if (args.length === 1) return isRefusal(args[0]);
  return args.length === 2 && args[0] === 'Request failed' && isRefusal(args[1]);
}
