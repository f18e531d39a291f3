// Reading an app's metrics as a scraper does (`GET /metrics` with the token): suites whose app is
// configured with `METRICS_TOKEN` read one series' value.
import type { FastifyInstance } from 'fastify';

/** `VEXIL_METRICS_TOKEN` of suites that read metrics. */
export const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of the series `name{…}` whose labels include every `labels` pair; 0 when absent. */
export function metricSample(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})?\s+(\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const set = match[2] ?? '';
    if (Object.entries(labels).every(([k, v]) => set.includes(`${k}="${v}"`))) {
      return Number(match[3]);
    }
  }
  return 0;
}

/** Scrapes the app and answers the series' value. */
export async function readMetric(
  app: FastifyInstance,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  if (response.statusCode !== 200) throw new Error(`/metrics answered ${response.statusCode}`);
  return metricSample(response.body, name, labels);
}
