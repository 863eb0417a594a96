import { IMPORT_ACTION, type AuditLog, type Stores, type UnitOfWork } from '@islamic-data/core';
import type { FinishedRequest, RequestObserver } from '@islamic-data/http-express';
import cluster from 'node:cluster';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { AggregatorRegistry, collectDefaultMetrics, Registry } from 'prom-client';

/**
 * prom-client's default metrics (`collectDefaultMetrics`), each collector by its module, but for its GC histogram
 * (`nodejs_gc_duration_seconds`): that one observes every collection through Node's `PerformanceObserver`, whose
 * entries (and the collections they caused) made a cached read cost some 6 % more CPU with METRICS_PORT than
 * without: 2.7 µs of its 40, profiled both ways; 0.6 µs without the histogram. The modules are those of
 * prom-client's own list (`metricsList`), which names each after its file.
 */
function collectDefaultMetricsButGc(registry: Registry): void {
  const require = createRequire(import.meta.url);
  for (const name of collectDefaultMetrics.metricsList.filter((each) => each !== 'gc')) {
    const collect = require(`prom-client/lib/metrics/${name}.js`) as (registry: Registry, config: object) => void;
    collect(registry, { eventLoopMonitoringPrecision: 10 });
  }
}

/** Latency buckets in seconds: a cached read takes well under a millisecond, a whole-edition download more. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** What one kind of request (route template, method, status, cache result, 429) has counted: plain numbers. */
interface Series extends Timings {
  route: string;
  method: string;
  status: string;
  cache: 'hit' | 'miss' | 'precomputed' | 'none';
  rateLimited: boolean;
}

type Labels = Record<string, string | number>;

/** Calls of one store method: how many, their time, and how many in each latency bucket (not cumulative). */
interface Timings {
  count: number;
  sum: number;
  buckets: number[];
}

/** A metric as prom-client's registry reads it (what its own classes' `get()` gives). */
interface MetricValues {
  name: string;
  help: string;
  type: 'counter' | 'histogram' | 'gauge';
  aggregator: 'sum' | 'max';
  values: { value: number; labels: Labels; metricName?: string }[];
}

const noTimings = (): Timings => ({
  count: 0,
  sum: 0,
  buckets: new Array<number>(DURATION_BUCKETS.length + 1).fill(0),
});

function observe(timings: Timings, seconds: number): void {
  timings.count++;
  timings.sum += seconds;
  let bucket = 0;
  while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket++;
  timings.buckets[bucket]!++;
}

/** A histogram's series as prom-client reads them: cumulative buckets, sum and count, per set of labels. */
function histogramValues(name: string, groups: Iterable<{ labels: Labels } & Timings>): MetricValues['values'] {
  return [...groups].flatMap(({ labels, buckets, sum, count }) => {
    let cumulative = 0;
    return [
      ...buckets.map((inBucket, i) => {
        cumulative += inBucket;
        const le = i < DURATION_BUCKETS.length ? DURATION_BUCKETS[i]! : '+Inf';
        return { value: cumulative, labels: { ...labels, le }, metricName: `${name}_bucket` };
      }),
      { value: sum, labels, metricName: `${name}_sum` },
      { value: count, labels, metricName: `${name}_count` },
    ];
  });
}

/**
 * The process's metrics (CONTRACT §22), fed by the request pipeline through its `RequestObserver` port. Every
 * label is a route template, a method, a status or a cache result: never a path as sent, a key or an address.
 *
 * A request adds to plain numbers (one map lookup, a few additions: about a tenth of what prom-client's labelled
 * `inc` and `observe` cost, measured); the series are made into prom-client metrics when /metrics is read, in
 * prom-client's own format, so its registry, its text format and its cluster aggregation are used unchanged.
 */
export class RequestMetrics implements RequestObserver {
  readonly registry = new Registry();
  private readonly series = new Map<string, Series>();
  /** Time waited on the database, by store and method (`timedStorage`). */
  private readonly storeCalls = new Map<string, Map<string, { labels: Labels } & Timings>>();

  constructor() {
    collectDefaultMetricsButGc(this.registry);
    this.register('islamic_data_http_requests_total', 'Requests answered, by route template, method and status.', () =>
      this.counted((s) => ({ route: s.route, method: s.method, status: s.status })),
    );
    this.register(
      'islamic_data_cache_requests_total',
      'Reads of routes that keep their answers, by route template and result ' +
        '(hit, miss, or precomputed: a miss sent from its precomputed answer).',
      () => this.counted((s) => (s.cache === 'none' ? null : { route: s.route, result: s.cache })),
    );
    this.register(
      'islamic_data_rate_limited_total',
      'Requests refused with 429 by the rate limit, by route template.',
      () => this.counted((s) => (s.rateLimited ? { route: s.route } : null)),
    );
    this.register(
      'islamic_data_http_request_duration_seconds',
      'Time from the start of the pipeline to the last byte handed to the socket, by route template and method.',
      () => this.durations(),
      'histogram',
    );
    this.register(
      'islamic_data_db_duration_seconds',
      'Time the app waited on its database, by store and method (a unit of work: store "transaction").',
      () =>
        histogramValues(
          'islamic_data_db_duration_seconds',
          [...this.storeCalls.values()].flatMap((methods) => [...methods.values()]),
        ),
      'histogram',
    );
  }

  /** One call of a store method (or one unit of work), as `timedStorage` measured it. */
  recordStoreCall(store: string, method: string, durationMs: number): void {
    let methods = this.storeCalls.get(store);
    if (!methods) this.storeCalls.set(store, (methods = new Map()));
    let timings = methods.get(method);
    if (!timings) methods.set(method, (timings = { labels: { store, method }, ...noTimings() }));
    observe(timings, durationMs / 1000);
  }

  /**
   * The imports that changed the database, whichever process ran them (`import all` is a CLI process): read
   * from their audit entries when /metrics is read, by kind (a Quran edition, a hadith collection).
   */
  watchImports(audit: AuditLog): void {
    const entries = () => audit.list({ action: IMPORT_ACTION });
    const byKind = async (value: (entries: { at: string }[]) => number) => {
      const kinds = new Map<string, { at: string }[]>();
      for (const entry of await entries()) {
        const kind = entry.target?.type ?? 'other';
        kinds.set(kind, [...(kinds.get(kind) ?? []), entry]);
      }
      return [...kinds].map(([kind, list]) => ({ value: value(list), labels: { kind } }));
    };
    this.register(
      'islamic_data_imports_total',
      'Imports that changed the database, by kind (quran-edition, hadith-collection), from the audit log.',
      () => byKind((list) => list.length),
      'counter',
      // Read from the shared database, the same in every worker of WORKERS=N: the primary keeps one, not the sum.
      'max',
    );
    this.register(
      'islamic_data_last_import_timestamp_seconds',
      'When the last import of each kind that changed the database ended (Unix seconds).',
      () => byKind((list) => Math.max(...list.map((entry) => Date.parse(entry.at) / 1000))),
      'gauge',
      'max',
    );
  }

  onRequestFinished({ routeTemplate, method, status, durationMs, cache, rateLimited }: FinishedRequest): void {
    const id = `${method} ${status} ${cache} ${rateLimited} ${routeTemplate}`;
    let series = this.series.get(id);
    if (!series) {
      // Bounded: route templates × methods × statuses × cache results, whatever paths clients send.
      series = { route: routeTemplate, method, status: String(status), cache, rateLimited, ...noTimings() };
      this.series.set(id, series);
    }
    observe(series, durationMs / 1000);
  }

  private register(
    name: string,
    help: string,
    values: () => MetricValues['values'] | Promise<MetricValues['values']>,
    type: MetricValues['type'] = 'counter',
    aggregator: MetricValues['aggregator'] = 'sum',
  ) {
    const metric = { name, help, type, aggregator };
    this.registry.registerMetric({ ...metric, get: async () => ({ ...metric, values: await values() }) } as never);
  }

  /** The request counts summed by the labels `labelsOf` gives (none: not counted in this metric). */
  private counted(labelsOf: (series: Series) => Labels | null): MetricValues['values'] {
    const totals = new Map<string, { value: number; labels: Labels }>();
    for (const series of this.series.values()) {
      const labels = labelsOf(series);
      if (!labels) continue;
      const id = JSON.stringify(labels);
      const total = totals.get(id) ?? { value: 0, labels };
      total.value += series.count;
      totals.set(id, total);
    }
    return [...totals.values()];
  }

  /** The latency histogram by route template and method: cumulative buckets, sum and count. */
  private durations(): MetricValues['values'] {
    const byRoute = new Map<string, { labels: Labels; buckets: number[]; sum: number; count: number }>();
    for (const series of this.series.values()) {
      const id = `${series.method} ${series.route}`;
      let total = byRoute.get(id);
      if (!total) {
        total = { labels: { route: series.route, method: series.method }, buckets: [], sum: 0, count: 0 };
        total.buckets = new Array<number>(series.buckets.length).fill(0);
        byRoute.set(id, total);
      }
      series.buckets.forEach((count, i) => (total.buckets[i]! += count));
      total.sum += series.sum;
      total.count += series.count;
    }
    return histogramValues('islamic_data_http_request_duration_seconds', byRoute.values());
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

/**
 * The database's ports, each store method and each unit of work timed into `metrics` (the time the app waits on
 * its database); only the labels store and method, never an argument. Each method is wrapped once, here, rather
 * than through a Proxy making a timed closure on every call (a cache miss makes one to three store calls).
 */
export function timedStorage(
  { stores, unitOfWork }: { stores: Stores; unitOfWork: UnitOfWork },
  metrics: Pick<RequestMetrics, 'recordStoreCall'>,
): { stores: Stores; unitOfWork: UnitOfWork } {
  const timedStores = (each: Stores): Stores =>
    Object.fromEntries(
      Object.entries(each).map(([name, store]) => [name, timedMethods(name, store as object, metrics)]),
    ) as unknown as Stores;
  const timedRun: UnitOfWork['run'] = (work) => unitOfWork.run((inside) => work(timedStores(inside)));
  return {
    stores: timedStores(stores),
    unitOfWork: { run: timedMethods('transaction', { run: timedRun }, metrics).run as UnitOfWork['run'] },
  };
}

type Method = (...args: unknown[]) => unknown;

/**
 * An object with every method of `store` (its own and its prototypes'), each timed, called on the store itself;
 * what is not a method is read from the store.
 */
function timedMethods(
  name: string,
  store: object,
  metrics: Pick<RequestMetrics, 'recordStoreCall'>,
): Record<string, unknown> {
  const timed: Record<string, unknown> = {};
  for (let level = store; level !== null && level !== Object.prototype; level = Object.getPrototypeOf(level))
    for (const key of Object.getOwnPropertyNames(level)) {
      if (key === 'constructor' || Object.hasOwn(timed, key)) continue;
      const method = Object.getOwnPropertyDescriptor(level, key)!.value as unknown;
      if (typeof method !== 'function') {
        Object.defineProperty(timed, key, { get: () => Reflect.get(store, key), enumerable: true });
        continue;
      }
      const record = (started: number) => metrics.recordStoreCall(name, key, performance.now() - started);
      timed[key] = (...args: unknown[]) => {
        const started = performance.now();
        const result = (method as Method).apply(store, args);
        if (!(result instanceof Promise)) record(started);
        // The caller gets the store's own promise; the time is taken when it settles, either way.
        else
          void result.then(
            () => record(started),
            () => record(started),
          );
        return result;
      };
    }
  return timed;
}
