// Loads the scoreboard worker from its TypeScript source when the server itself runs from source
// (tests, `npm run dev:server`): worker threads do not inherit tsx from the main thread. The built
// server uses build/server/scoreboardWorker.mjs instead (scripts/build-server.mjs).
import { register } from 'tsx/esm/api';

register();
const worker = await import('./worker.ts');
export default worker.default;
