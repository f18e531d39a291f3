import type { Handlers } from '../../http/handlers.js';
import { listLogs } from '../../db/repositories/logs.js';
import { toLogMessage } from '../../domain/logMessages.js';

export const adminLogHandlers: Handlers = {
  async adminGetLogs(request) {
    const { level = 'All', count = 50, skip = 0 } = request.query;
    await request.server.logStore.flush();
    const entries = await listLogs(request.server.db, {
      level: level === 'All' ? undefined : level,
      skip,
      count,
    });
    return entries.map(toLogMessage);
  },
};
