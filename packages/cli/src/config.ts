import { DEFAULT_INACTIVITY_TIMEOUT_SECONDS, DEFAULT_MAX_CONNECTIONS_PER_ADDRESS } from '@islamic-data/http-express';
import { isArabicLocale, isLanguageCode } from '@islamic-data/core';
import { GITHUB_RAW_BASE } from '@islamic-data/sources';
import { isIP, isIPv4 } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';

/** Everything the server reads from its environment (CONTRACT §15); nothing else configures it. */
export interface Config {
  port: number;
  host: string;
  /** METRICS_PORT: Prometheus metrics on GET /metrics, on a listener of its own bound to HOST; off when unset. */
  metricsPort: number | undefined;
  databasePath: string;
  /** DATABASE_URL: a `postgres://` URL selects PostgreSQL instead of the SQLite file (CONTRACT §17). */
  databaseUrl: string | undefined;
  /** REDIS_URL: keeps the rate-limit windows in Redis, shared by every process and instance. */
  redisUrl: string | undefined;
  rateLimitPerMinute: number;
  /** WORKERS: server processes on one port (`auto`: one per CPU). */
  workers: number;
  logLevel: string;
  /**
   * MEMORY_BUDGET_MB: the server process's resident memory, shared out by `memoryShares` (memory-budget.ts): what
   * it holds before its first request, the in-memory representation cache, the answer worker's heap, answers in
   * flight; large answers (64 KiB and more) are kept in files, up to four times the budget on disk.
   */
  memoryBudgetMegabytes: number;
  /** Express's `trust proxy` setting: false, a hop count, or a list of addresses and CIDR ranges (not `true`). */
  trustProxy: false | number | string;
  /** Replaces https://raw.githubusercontent.com in every upstream URL `import all` fetches (CONTRACT §16). */
  dataMirror: string;
  /** Where `import all` keeps the verified upstream files (laid out like ../shared/data). */
  dataCacheDir: string;
  /** Seconds a client has to send its request line and headers, then its whole request (408 after). */
  headersTimeoutSeconds: number;
  requestTimeoutSeconds: number;
  /** PUBLIC_URL: the origin of the links the service sends (claim links); `http://localhost:PORT` by default. */
  publicUrl: string;
  /** SMTP_URL: where approvals and rejections of key requests are mailed from; none: `keys approve` prints the link. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of those mails. */
  mailFrom: string;
  /** KEY_REQUESTS_PER_HOUR: key requests one client address may submit in an hour (5). */
  keyRequestsPerHour: number;
  /**
   * WRITE_WAIT_MS: how long a server's write waits (without blocking other requests) for a SQLite write lock
   * another process holds, before it is answered 503 with Retry-After (2000).
   */
  writeWaitMs: number;
  /** INACTIVITY_TIMEOUT_SECONDS: a connection making no progress (a client not reading) is dropped (30). */
  inactivityTimeoutSeconds: number;
  /** MAX_CONNECTIONS_PER_ADDRESS: connections one client address (IPv6: its /64) may hold open at once (256). */
  maxConnectionsPerAddress: number;
  /** ACCEPTED_LOCALES: the locales keys may write translations in (a tag also accepts its subtags); any when unset. */
  acceptedLocales: string[] | undefined;
  /** NEW_LOCALES_PER_KEY_PER_DAY: distinct locales one key may start translations in per UTC day (10). */
  newLocalesPerKeyPerDay: number;
  /**
   * WARM_UP_MS: how long a server answers its own example requests before it listens (warm-up.ts), in
   * milliseconds (1500; 0: it listens at once).
   */
  warmUpMs: number;
}

export const DEFAULT_DATABASE_PATH = './data/islamic-data.db';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databasePath = env.DATABASE_PATH || DEFAULT_DATABASE_PATH;
  return {
    port: integerFrom(env.PORT, 'PORT', 3000, 0, 65535),
    host: env.HOST || '0.0.0.0',
    metricsPort: env.METRICS_PORT ? integerFrom(env.METRICS_PORT, 'METRICS_PORT', 0, 0, 65535) : undefined,
    databasePath,
    databaseUrl: urlFrom(env.DATABASE_URL, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: urlFrom(env.REDIS_URL, 'REDIS_URL', ['redis:', 'rediss:']),
    rateLimitPerMinute: integerFrom(env.RATE_LIMIT_PER_MINUTE, 'RATE_LIMIT_PER_MINUTE', 100, 1, 1_000_000),
    workers: env.WORKERS === 'auto' ? availableParallelism() : integerFrom(env.WORKERS, 'WORKERS', 1, 1, 256),
    logLevel: env.LOG_LEVEL || 'info',
    memoryBudgetMegabytes: memoryBudgetFrom(env),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    dataMirror: mirrorFrom(env.DATA_MIRROR),
    dataCacheDir: env.DATA_CACHE_DIR || path.join(path.dirname(databasePath), 'upstream'),
    ...timeoutsFrom(env),
    ...mailFrom(env),
    writeWaitMs: integerFrom(env.WRITE_WAIT_MS, 'WRITE_WAIT_MS', 2000, 0, 60_000),
    inactivityTimeoutSeconds: integerFrom(
      env.INACTIVITY_TIMEOUT_SECONDS,
      'INACTIVITY_TIMEOUT_SECONDS',
      DEFAULT_INACTIVITY_TIMEOUT_SECONDS,
      1,
      3600,
    ),
    maxConnectionsPerAddress: integerFrom(
      env.MAX_CONNECTIONS_PER_ADDRESS,
      'MAX_CONNECTIONS_PER_ADDRESS',
      DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
      1,
      1_000_000,
    ),
    acceptedLocales: localesFrom(env.ACCEPTED_LOCALES),
    newLocalesPerKeyPerDay: integerFrom(env.NEW_LOCALES_PER_KEY_PER_DAY, 'NEW_LOCALES_PER_KEY_PER_DAY', 10, 1, 10_000),
    warmUpMs: integerFrom(env.WARM_UP_MS, 'WARM_UP_MS', 1500, 0, 60_000),
  };
}

function mailFrom(env: NodeJS.ProcessEnv): Pick<Config, 'publicUrl' | 'smtpUrl' | 'mailFrom' | 'keyRequestsPerHour'> {
  const publicUrl = env.PUBLIC_URL || `http://localhost:${env.PORT || 3000}`;
  if (!/^https?:\/\/[^/\s]+\/?$/i.test(publicUrl))
    throw new Error(`PUBLIC_URL must be an http(s) origin such as https://api.example.org, got '${publicUrl}'.`);
  const from = env.MAIL_FROM || 'Islamic Data API <no-reply@localhost>';
  if (/[\r\n]/.test(from)) throw new Error('MAIL_FROM must be one line.');
  return {
    publicUrl: publicUrl.replace(/\/+$/, ''),
    smtpUrl: urlFrom(env.SMTP_URL, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: from,
    keyRequestsPerHour: integerFrom(env.KEY_REQUESTS_PER_HOUR, 'KEY_REQUESTS_PER_HOUR', 5, 1, 1_000_000),
  };
}

function timeoutsFrom(env: NodeJS.ProcessEnv): Pick<Config, 'headersTimeoutSeconds' | 'requestTimeoutSeconds'> {
  const headersTimeoutSeconds = integerFrom(env.HEADERS_TIMEOUT_SECONDS, 'HEADERS_TIMEOUT_SECONDS', 10, 1, 3600);
  const requestTimeoutSeconds = integerFrom(env.REQUEST_TIMEOUT_SECONDS, 'REQUEST_TIMEOUT_SECONDS', 30, 1, 3600);
  if (requestTimeoutSeconds < headersTimeoutSeconds) {
    throw new Error(
      'REQUEST_TIMEOUT_SECONDS must be at least HEADERS_TIMEOUT_SECONDS (the whole request includes them).',
    );
  }
  return { headersTimeoutSeconds, requestTimeoutSeconds };
}

/** MEMORY_BUDGET_MB (256, fit for a 1 GB machine); CACHE_MAX_MB, which it replaced, is refused by name. */
function memoryBudgetFrom(env: NodeJS.ProcessEnv): number {
  if (env.CACHE_MAX_MB !== undefined && env.CACHE_MAX_MB !== '')
    throw new Error('CACHE_MAX_MB is replaced by MEMORY_BUDGET_MB (the whole process; the cache takes a share of it).');
  return integerFrom(env.MEMORY_BUDGET_MB, 'MEMORY_BUDGET_MB', 256, 16, 262_144);
}

function integerFrom(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got '${value}'.`);
  }
  return parsed;
}

/** Names Express's `trust proxy` takes for ranges (proxy-addr's). */
const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `false` (the default), the number of proxies in front of the server, or their addresses (IPs,
 * CIDR ranges, `loopback`, `linklocal`, `uniquelocal`, comma-separated), as Express's `trust proxy` takes them.
 * `true` is refused: it believes the left-most X-Forwarded-For, which the client writes (issue 26, point 3).
 */
function trustProxyFrom(value: string | undefined): false | number | string {
  if (value === undefined || value.trim() === '' || value === 'false') return false;
  if (value.trim().toLowerCase() === 'true')
    throw new Error(
      'TRUST_PROXY=true would let any client choose the address it is counted by (the left-most ' +
        'X-Forwarded-For is written by the client). Set TRUST_PROXY to the number of proxies in front of the ' +
        'server (e.g. 1) or to their addresses (e.g. 10.0.0.10 or 10.0.0.0/8,loopback).',
    );
  if (/^\d+$/.test(value.trim())) return integerFrom(value.trim(), 'TRUST_PROXY', 0, 0, 32);
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isTrustedProxyEntry(entry));
  if (bad !== undefined)
    throw new Error(
      `TRUST_PROXY must be a hop count or a comma-separated list of addresses, CIDR ranges, loopback, linklocal ` +
        `or uniquelocal; '${bad.replace(/[^\w.:/-]/g, '?').slice(0, 60)}' is none of those.`,
    );
  return entries.join(',');
}

function isTrustedProxyEntry(entry: string): boolean {
  if (TRUST_PROXY_NAMES.has(entry)) return true;
  const [address, range, ...more] = entry.split('/');
  if (more.length > 0 || !address || !isIP(address)) return false;
  if (range === undefined) return true;
  if (/^\d+$/.test(range)) return Number(range) <= (isIPv4(address) ? 32 : 128);
  return isIPv4(address) && isIPv4(range); // a netmask, 255.255.255.0
}

function localesFrom(value: string | undefined): string[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const tags = value.split(',').map((tag) => tag.trim());
  const bad = tags.find((tag) => !isLanguageCode(tag) || isArabicLocale(tag));
  if (bad !== undefined)
    throw new Error(
      `ACCEPTED_LOCALES must list lowercase language codes other than Arabic (e.g. en,ru), got '${bad}'.`,
    );
  return [...new Set(tags)];
}

function mirrorFrom(value: string | undefined): string {
  if (value === undefined || value === '') return GITHUB_RAW_BASE;
  if (!/^https?:\/\/[^/]/i.test(value)) throw new Error(`DATA_MIRROR must be an http(s) base URL, got '${value}'.`);
  return value.replace(/\/+$/, '');
}

/** An optional URL whose scheme must be one of `protocols`; the message never repeats it (it may hold a password). */
function urlFrom(value: string | undefined, name: string, protocols: string[]): string | undefined {
  if (value === undefined || value === '') return undefined;
  let protocol: string | undefined;
  try {
    protocol = new URL(value).protocol;
  } catch {
    protocol = undefined;
  }
  if (!protocol || !protocols.includes(protocol))
    throw new Error(`${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}.`);
  return value;
}
