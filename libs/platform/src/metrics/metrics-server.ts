import { createServer, type Server } from 'node:http';
import { metricsRegistry, scrapeMetrics } from './registry';

/**
 * Serves `GET /metrics` on its own listener (METRICS_PORT), apart from the service's API: the gateway's public port
 * never routes to it, so only what can reach the metrics port (Prometheus) reads it. Anything else is a 404.
 */
export const startMetricsServer = async (host: string, port: number): Promise<Server> => {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at GET /metrics\n');
      return;
    }
    scrapeMetrics().then(
      (text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
    );
  });
  // Longer than a scrape interval, so Prometheus keeps one connection; Node's 5 s default closed it between scrapes,
  // and a client sending just as it closed got "other side closed".
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
};
