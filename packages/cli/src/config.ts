/** Everything the server reads from its environment (CONTRACT §15); nothing else configures it. */
export interface Config {
  port: number;
  host: string;
  databasePath: string;
  rateLimitPerMinute: number;
  logLevel: string;
  /** Express's `trust proxy` setting: false, true, a hop count, or a list of addresses. */
  trustProxy: boolean | number | string;
}

export const DEFAULT_DATABASE_PATH = './data/islamic-data.db';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: integerFrom(env.PORT, 'PORT', 3000, 0, 65535),
    host: env.HOST || '0.0.0.0',
    databasePath: env.DATABASE_PATH || DEFAULT_DATABASE_PATH,
    rateLimitPerMinute: integerFrom(env.RATE_LIMIT_PER_MINUTE, 'RATE_LIMIT_PER_MINUTE', 100, 1, 1_000_000),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
  };
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
