import { assertSafeText } from '../shared/text.js';
import { OPERATOR_ACTOR, type Actor } from '../audit/audit-entry.js';
import type { Clock } from '../clock.js';
import { AppError, validationError } from '../errors.js';
import { parameterError } from '../parameter-error.js';
import type { Stores, UnitOfWork } from '../shared/unit-of-work.js';
import { isPermission, isScope, summarizeKey, type ApiKeyRecord, type ApiKeySummary } from './api-key.js';
import { generateApiKey, generateKeyId, hashApiKey } from './key-material.js';

export interface CreateKeyInput {
  name: string;
  scopes: string[];
  permissions: string[];
  /** `YYYY-MM-DD` (the key works through that day, UTC) or a full ISO timestamp. */
  expiresAt?: string | null;
}

export interface IssuedKey {
  /** The secret: shown once, never stored. */
  key: string;
  summary: ApiKeySummary;
}

const MAX_NAME_LENGTH = 200;

/** Issues a key: only its hash is stored, and the issue is audited with the operator as actor. */
export async function createApiKey(
  deps: { unitOfWork: UnitOfWork; clock: Clock },
  input: CreateKeyInput,
  actor: Actor = OPERATOR_ACTOR,
): Promise<IssuedKey> {
  const prepared = prepareKey(input, deps.clock.now());
  await deps.unitOfWork.run((stores) => storeIssuedKey(stores, prepared, actor));
  return { key: prepared.key, summary: summarizeKey(prepared.record) };
}

/** A key checked and made, not yet stored: its secret and its record. */
export interface PreparedKey {
  key: string;
  record: ApiKeyRecord;
}

/** Checks the grant and makes the key (secret and record) as of `now`; stores nothing. */
export function prepareKey(input: CreateKeyInput, now: Date): PreparedKey {
  const name = input.name.trim();
  if (!name || name.length > MAX_NAME_LENGTH)
    throw parameterError('name', `name must be 1 to ${MAX_NAME_LENGTH} characters.`);
  assertSafeText('name', name, 'line');
  const scopes = parseList(input.scopes, 'scopes', isScope);
  const permissions = parseList(input.permissions, 'permissions', isPermission);
  const expiresAt = parseExpiry(input.expiresAt ?? null, now);
  const key = generateApiKey();
  return {
    key,
    record: {
      id: generateKeyId(),
      name,
      hash: hashApiKey(key),
      scopes,
      permissions,
      expiresAt,
      revokedAt: null,
      createdAt: now.toISOString(),
      lastUsedAt: null,
    },
  };
}

/** Stores a prepared key and its audit entry, in the caller's transaction. */
export async function storeIssuedKey(stores: Stores, { record }: PreparedKey, actor: Actor): Promise<void> {
  await stores.keys.insert(record);
  await stores.audit.append({
    at: record.createdAt,
    ...actor,
    action: 'keys.create',
    target: { type: 'api-key', id: record.id },
    before: null,
    after: summarizeKey(record),
  });
}

export async function listApiKeys(stores: Pick<Stores, 'keys'>): Promise<ApiKeySummary[]> {
  return (await stores.keys.list()).map(summarizeKey);
}

/** Revokes a key from now on; revoking twice keeps the first time. */
export async function revokeApiKey(
  deps: { unitOfWork: UnitOfWork; clock: Clock },
  id: string,
  actor: Actor = OPERATOR_ACTOR,
): Promise<ApiKeySummary> {
  const at = deps.clock.now().toISOString();
  return deps.unitOfWork.run(async (stores) => {
    const before = await stores.keys.findById(id);
    if (!before) throw new AppError('NOT_FOUND', `No API key with id '${id}'.`);
    await stores.keys.markRevoked(id, at);
    const after = (await stores.keys.findById(id))!;
    if (before.revokedAt === null) {
      await stores.audit.append({
        at,
        ...actor,
        action: 'keys.revoke',
        target: { type: 'api-key', id },
        before: summarizeKey(before),
        after: summarizeKey(after),
      });
    }
    return summarizeKey(after);
  });
}

function parseList<T extends string>(values: string[], field: string, isValid: (value: string) => value is T): T[] {
  const cleaned = [...new Set(values.map((value) => value.trim()).filter(Boolean))];
  if (cleaned.length === 0) throw parameterError(field, `${field} must name at least one value.`);
  const invalid = cleaned.find((value) => !isValid(value));
  if (invalid !== undefined) throw parameterError(field, `${field} contains an unknown value '${invalid}'.`);
  return cleaned as T[];
}

function parseExpiry(value: string | null, now: Date): string | null {
  if (value === null || value === '') return null;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const parsed = new Date(dateOnly ? `${value}T23:59:59.999Z` : value);
  if (Number.isNaN(parsed.getTime()) || (dateOnly && parsed.toISOString().slice(0, 10) !== value)) {
    throw parameterError('expires', `expires must be a date (YYYY-MM-DD) or an ISO timestamp, got '${value}'.`);
  }
  if (parsed <= now) throw parameterError('expires', 'expires must be in the future.');
  return parsed.toISOString();
}

/**
 * Issues a new key with the same name, grants and expiry, and revokes the old one, in one
 * transaction. The new secret is returned once, like at issue.
 */
export async function rotateApiKey(
  deps: { unitOfWork: UnitOfWork; clock: Clock },
  id: string,
  actor: Actor = OPERATOR_ACTOR,
): Promise<IssuedKey & { revoked: ApiKeySummary }> {
  const now = deps.clock.now();
  const at = now.toISOString();
  return deps.unitOfWork.run(async (stores) => {
    const old = await stores.keys.findById(id);
    if (!old) throw new AppError('NOT_FOUND', `No API key with id '${id}'.`);
    if (old.revokedAt !== null) throw validationError(`Key '${id}' is already revoked; create a new key instead.`);
    if (old.expiresAt !== null && Date.parse(old.expiresAt) <= now.getTime()) {
      throw validationError(`Key '${id}' has expired; create a new key instead.`);
    }
    const key = generateApiKey();
    const record = { ...old, id: generateKeyId(), hash: hashApiKey(key), createdAt: at, lastUsedAt: null };
    await stores.keys.insert(record);
    await stores.keys.markRevoked(old.id, at);
    const revoked = summarizeKey((await stores.keys.findById(old.id))!);
    await stores.audit.append({
      at,
      ...actor,
      action: 'keys.rotate',
      target: { type: 'api-key', id: old.id },
      before: summarizeKey(old),
      after: { revoked, replacedBy: summarizeKey(record) },
    });
    return { key, summary: summarizeKey(record), revoked };
  });
}
