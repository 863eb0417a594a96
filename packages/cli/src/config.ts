import { isArabicLocale, isLanguageCode } from '@islamic-data/core';
import { GITHUB_RAW_BASE } from '@islamic-data/sources';
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
  /** The budget of the in-memory representation cache (serialised GET answers and their compressed variants). */
  cacheMegabytes: number;
  /** Express's `trust proxy` setting: false, true, a hop count, or a list of addresses. */
  trustProxy: boolean | number | string;
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
  /** ACCEPTED_LOCALES: the locales keys may write translations in (a tag also accepts its subtags); any when unset. */
  acceptedLocales: string[] | undefined;
  /** NEW_LOCALES_PER_KEY_PER_DAY: distinct locales one key may start translations in per UTC day (10). */
  newLocalesPerKeyPerDay: number;
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
    cacheMegabytes: integerFrom(env.CACHE_MAX_MB, 'CACHE_MAX_MB', 64, 1, 65_536),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    dataMirror: mirrorFrom(env.DATA_MIRROR),
    dataCacheDir: env.DATA_CACHE_DIR || path.join(path.dirname(databasePath), 'upstream'),
    ...timeoutsFrom(env),
    ...mailFrom(env),
    acceptedLocales: localesFrom(env.ACCEPTED_LOCALES),
    newLocalesPerKeyPerDay: integerFrom(env.NEW_LOCALES_PER_KEY_PER_DAY, 'NEW_LOCALES_PER_KEY_PER_DAY', 10, 1, 10_000),
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

function integerFrom(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got '${value}'.`);
  }
  return parsed;
}

function trustProxyFrom(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
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
