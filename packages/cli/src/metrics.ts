import type { FinishedRequest, RequestObserver } from '@islamic-data/http-express';
import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** Latency buckets in seconds: a cached read takes well under a millisecond, a whole-edition download more. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * The process's metrics (CONTRACT §22), fed by the request pipeline through its `RequestObserver` port. Every
 * label is a route template, a method, a status or a cache result: never a path as sent, a key or an address.
 */
export class RequestMetrics implements RequestObserver {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'islamic_data_http_requests_total',
    help: 'Requests answered, by route template, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });
  private readonly duration = new Histogram({
    name: 'islamic_data_http_request_duration_seconds',
    help: 'Time from the start of the pipeline to the last byte handed to the socket, by route template and method.',
    labelNames: ['route', 'method'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly cache = new Counter({
    name: 'islamic_data_cache_requests_total',
    help: 'Reads of routes that keep their answers, by route template and result (hit or miss).',
    labelNames: ['route', 'result'] as const,
    registers: [this.registry],
  });
  private readonly rateLimited = new Counter({
    name: 'islamic_data_rate_limited_total',
    help: 'Requests refused with 429 by the rate limit, by route template.',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });
  /** Each series' child, found by one string instead of prom-client hashing the labels on every request. */
  private readonly children = new Map<
    string,
    { count: ReturnType<Counter['labels']>; time: ReturnType<Histogram['labels']> }
  >();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  onRequestFinished({ routeTemplate, method, status, durationMs, cache, rateLimited }: FinishedRequest): void {
    const id = `${method} ${status} ${routeTemplate}`;
    let child = this.children.get(id);
    if (!child) {
      // Bounded: route templates × methods × statuses, whatever paths clients send.
      child = {
        count: this.requests.labels(routeTemplate, method, String(status)),
        time: this.duration.labels(routeTemplate, method),
      };
      this.children.set(id, child);
    }
    child.count.inc();
    child.time.observe(durationMs / 1000);
    if (cache !== 'none') this.cache.inc({ route: routeTemplate, result: cache });
    if (rateLimited) this.rateLimited.inc({ route: routeTemplate });
  }
}

/**
 * A worker of `WORKERS=N` hands its metrics to the primary when asked (prom-client's cluster messages); the
 * primary's /metrics sums them (`aggregatedMetricsSource`).
 */
export function shareMetricsWithPrimary(metrics: RequestMetrics): void {
  AggregatorRegistry.setRegistries([metrics.registry]);
  new AggregatorRegistry(); // installs the worker's listener for the primary's requests
}

export interface MetricsSource {
  contentType: string;
  metrics(): Promise<string>;
}

/** The primary of `WORKERS=N`: every live worker's metrics, summed per series. */
export function aggregatedMetricsSource(): MetricsSource {
  if (!cluster.isPrimary) throw new Error('Only the primary aggregates the workers.');
  const aggregator = new AggregatorRegistry();
  return { contentType: aggregator.contentType, metrics: () => aggregator.clusterMetrics() };
}

export interface MetricsServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/**
 * `METRICS_PORT`: `GET /metrics` in Prometheus's text format on a listener of its own, bound to HOST, apart from
 * the API (no rate limit, no key; keep the port off the public network).
 */
export async function startMetricsServer(
  source: MetricsSource,
  port: number,
  host: string,
  logger: Logger,
): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Only GET /metrics is here.\n');
      return;
    }
    source.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': source.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'metrics could not be collected');
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { address, port: bound } = server.address() as AddressInfo;
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${bound}/metrics`;
  logger.info({ url }, 'metrics listening');
  return {
    server,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
