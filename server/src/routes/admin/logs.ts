import type { Handlers } from '../../http/handlers.js';
import { listLogs } from '../../db/repositories/logs.js';

export const adminLogHandlers: Handlers = {
  async adminGetLogs(request) {
    const { level = 'All', count = 50, skip = 0 } = request.query;
    await request.server.logStore.flush();
    const entries = await listLogs(request.server.db, {
      level: level === 'All' ? undefined : level,
      skip,
      count,
    });
    return entries.map((entry) => ({
      time: entry.time,
      name: entry.userName ?? 'System',
      level: entry.level,
      ip: entry.ip ?? '',
      msg: entry.exception ? `${entry.message}\n${entry.exception}` : entry.message,
      status: (entry.status as 'Success' | null) ?? null,
    }));
  },
};
