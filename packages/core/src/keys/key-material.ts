import { hash, randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export const KEY_PREFIX = 'idk_';
const KEY_BODY_LENGTH = 32;
const KEY_ID_PREFIX = 'key_';
const KEY_ID_LENGTH = 12;

/** Uniform base62 from the CSPRNG (randomInt rejects biased draws itself). */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(BASE62.length)];
  return out;
}

/** A new secret key: `idk_` and 32 base62 characters, about 190 bits. */
export function generateApiKey(): string {
  return KEY_PREFIX + randomBase62(KEY_BODY_LENGTH);
}

const WELL_FORMED_KEY = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${KEY_BODY_LENGTH}}$`);

/** Whether a presented text could be a key at all: anything else is refused before any lookup or cache entry. */
export const isWellFormedApiKey = (text: string): boolean => WELL_FORMED_KEY.test(text);

export function generateKeyId(): string {
  return KEY_ID_PREFIX + randomBase62(KEY_ID_LENGTH);
}

/** SHA-256 of the key's UTF-8 bytes, in hex (one-shot `hash`: about half the time of `createHash`, measured). */
export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}
