import {
  AppError,
  CONTENT_AREAS,
  decide,
  windowStartOf,
  type Admission,
  type ContentVersions,
  type ContentVersionVector,
  type RateLimitPolicy,
  type RequestAdmission,
} from '@islamic-data/core';
import type { Redis } from 'ioredis';

/**
 * Raises each published version to the one given, never lowers one: announcements of two commits may arrive
 * in either order. KEYS[1]: the versions hash; ARGV: area, version, area, version…
 */
const ANNOUNCE_VERSIONS = `
for i = 1, #ARGV, 2 do
  local current = redis.call('HGET', KEYS[1], ARGV[i])
  if not current or tonumber(current) < tonumber(ARGV[i + 1]) then redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
return 1`;

/**
 * One request's admission, atomically: the published versions, then its counts. KEYS[1]: the versions hash,
 * KEYS[2..]: the buckets' window keys. ARGV[1]: the keys version the key was looked up at ('' when none), then
 * per bucket its window's lifetime (ms) and its limit. Answers {0} when versions are missing (never announced,
 * or Redis lost them), {1, versions…} when the keys version has moved (nothing counted), else
 * {2, versions…, counts…}; a count over its limit stops the others.
 */
const ADMIT = `
local versions = redis.call('HMGET', KEYS[1], ${CONTENT_AREAS.map((area) => `'${area}'`).join(', ')})
for i = 1, ${CONTENT_AREAS.length} do if not versions[i] then return {0} end end
local answer = {2}
for i = 1, ${CONTENT_AREAS.length} do answer[i + 1] = versions[i] end
if ARGV[1] ~= '' and versions[${CONTENT_AREAS.indexOf('keys') + 1}] ~= ARGV[1] then
  answer[1] = 1
  return answer
end
for i = 2, #KEYS do
  local count = redis.call('INCR', KEYS[i])
  if count == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[2 * i - 2]) end
  answer[#answer + 1] = count
  if count > tonumber(ARGV[2 * i - 1]) then break end
end
return answer`;

type AdmittingRedis = Redis & {
  announceVersions(key: string, ...areasAndVersions: string[]): Promise<unknown>;
  admitRequest(numberOfKeys: number, ...keysAndArgs: string[]): Promise<(string | number)[]>;
};

export interface RedisAdmissionOptions {
  /** Prepended to every rate-limit window's key (default `islamic-data:rate:`), as the rate limiter's. */
  keyPrefix?: string;
  /** The hash the versions are published in (default `islamic-data:versions`). */
  versionsKey?: string;
}

/** Announces the committed versions (read from the database) to Redis, raising only: after every commit. */
export interface VersionAnnouncer {
  announce(): Promise<void>;
}

function scripted(redis: Redis): AdmittingRedis {
  const client = redis as AdmittingRedis;
  // ioredis sends each script by its SHA (EVALSHA) and loads it once when the server lacks it.
  if (typeof client.announceVersions !== 'function')
    client.defineCommand('announceVersions', { numberOfKeys: 1, lua: ANNOUNCE_VERSIONS });
  if (typeof client.admitRequest !== 'function') client.defineCommand('admitRequest', { lua: ADMIT });
  return client;
}

/** Waits (2 s at most) for a client that is still connecting: a command sent before fails at once. */
async function connected(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, 2_000);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    }
    redis.once('ready', done);
  });
}

/**
 * Publishes the database's committed versions (`stored`, the source of truth: raised inside every commit by
 * any process) in Redis, where every instance reads them with its count.
 */
export function redisVersionAnnouncer(
  redis: Redis,
  stored: ContentVersions,
  options: RedisAdmissionOptions = {},
): VersionAnnouncer {
  const client = scripted(redis);
  const versionsKey = options.versionsKey ?? 'islamic-data:versions';
  return {
    async announce() {
      const versions = await stored.current();
      await connected(redis);
      const pairs = CONTENT_AREAS.flatMap((area) => [area, String(versions[area])]);
      await client.announceVersions(versionsKey, ...pairs);
    },
  };
}

const unavailable = () =>
  new AppError('SERVICE_UNAVAILABLE', 'The rate limiter cannot be reached; retry in a few seconds.');

/**
 * Scaled out (PostgreSQL and Redis): a request's counts and the content versions in one script, one round trip.
 * Writers announce the versions their commit raised before they answer (`redisVersionAnnouncer`), so a reader
 * whose script runs after a write's response sees them. When the versions are missing (a Redis that lost its
 * data) or the client has reconnected (a Redis restarted from an older snapshot), the versions are read from the
 * database and announced first. When Redis cannot answer, the request is refused with SERVICE_UNAVAILABLE.
 */
export function redisRequestAdmission(
  redis: Redis,
  policy: RateLimitPolicy,
  announcer: VersionAnnouncer,
  options: RedisAdmissionOptions = {},
): RequestAdmission {
  const client = scripted(redis);
  const prefix = options.keyPrefix ?? 'islamic-data:rate:';
  const versionsKey = options.versionsKey ?? 'islamic-data:versions';
  let announced: Promise<void> | undefined;
  let latest: ContentVersionVector | undefined;
  // After every (re)connection, before anything is read: whatever Redis kept may be older than the database.
  redis.on('ready', () => (announced = undefined));
  const announceOnce = () =>
    (announced ??= announcer.announce().catch((error: unknown) => {
      announced = undefined;
      throw error;
    }));

  return {
    latest: () => latest,
    async admit({ counts, now, keysVersion }): Promise<Admission> {
      const keys = [versionsKey];
      const args = [keysVersion === null ? '' : String(keysVersion)];
      const windows = counts.map(({ bucket, policy: own = policy }) => {
        const start = windowStartOf(now, own.windowMs);
        keys.push(`${prefix}${bucket}:${start}`);
        // Kept for two windows, so a key outlives its window whatever the clocks of the instances.
        args.push(String(2 * own.windowMs), String(own.limit));
        return { own, start };
      });
      // Refused at once while Redis is out of reach, as the rate limiter's commands are (no waiting to connect).
      if (redis.status !== 'ready') throw unavailable();
      for (let attempt = 0; attempt < 2; attempt++) {
        let answer: (string | number)[];
        try {
          await announceOnce();
          answer = await client.admitRequest(keys.length, ...keys, ...args);
        } catch {
          throw unavailable();
        }
        if (Number(answer[0]) === 0) {
          announced = undefined;
          continue;
        }
        const versions = Object.fromEntries(
          CONTENT_AREAS.map((area, i) => [area, Number(answer[i + 1])]),
        ) as ContentVersionVector;
        latest = versions;
        if (Number(answer[0]) === 1) return { outcome: 'keys-moved', versions };
        const decisions = answer
          .slice(CONTENT_AREAS.length + 1)
          .map((count, i) => decide(windows[i]!.own, windows[i]!.start, Number(count), now));
        return { outcome: 'counted', decisions, versions };
      }
      throw unavailable();
    },
  };
}
