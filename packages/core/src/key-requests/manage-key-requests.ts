import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { OPERATOR_ACTOR, type Actor } from '../audit/audit-entry.js';
import type { Clock } from '../clock.js';
import { AppError, notFound, validationError } from '../errors.js';
import { summarizeKey, type ApiKeySummary } from '../keys/api-key.js';
import { randomBase62 } from '../keys/key-material.js';
import { prepareKey, storeIssuedKey } from '../keys/manage-keys.js';
import { parameterError } from '../parameter-error.js';
import type { Stores, UnitOfWork } from '../shared/unit-of-work.js';
import {
  keyRequestSnapshot,
  keyRequestStatusView,
  statusAt,
  summarizeKeyRequest,
  type KeyRequestRecord,
  type KeyRequestStatus,
  type KeyRequestStatusView,
  type KeyRequestSummary,
} from './key-request.js';
import { isTrapFilled, KEY_REQUEST_PATTERNS, validateKeyRequest, type KeyRequestInput } from './key-request-input.js';

type Deps = { unitOfWork: UnitOfWork; clock: Clock };

/** How long a claim link works (CONTRACT §18). */
export const CLAIM_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Pending requests one e-mail address may have at once, unless the caller says otherwise. */
export const DEFAULT_PENDING_PER_EMAIL = 3;
/** The requester, as the audit log names them when they claim their key. */
export const REQUESTER_ACTOR: Actor = { keyId: null, keyName: 'requester' };

const REQUEST_ID = /^kr_[0-9A-Za-z]{22}$/;
/** 32 random bytes in base64url: 256 bits. */
const CLAIM_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const MAX_REASON_LENGTH = 1_000;

export const isKeyRequestId = (text: string): boolean => REQUEST_ID.test(text);
export const isWellFormedClaimToken = (text: string): boolean => CLAIM_TOKEN.test(text);
export const hashClaimToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** The answer to a submission: its id (the only way to look it up), status and time. */
export interface SubmittedKeyRequest {
  id: string;
  status: 'pending';
  createdAt: string;
}

/**
 * Stores a request as `pending`. A request whose trap field is filled (a bot: people never see the field) is
 * answered alike and stored nowhere. More than `maxPendingPerEmail` pending requests from one address: CONFLICT.
 */
export async function submitKeyRequest(
  deps: Deps,
  input: KeyRequestInput,
  options: { maxPendingPerEmail?: number } = {},
): Promise<SubmittedKeyRequest> {
  const trapped = isTrapFilled(input);
  const valid = validateKeyRequest(input);
  const now = deps.clock.now();
  const record: KeyRequestRecord = {
    id: `kr_${randomBase62(22)}`,
    ...valid,
    status: 'pending',
    createdAt: now.toISOString(),
    decidedAt: null,
    reason: null,
    keyId: null,
    claimTokenHash: null,
    claimExpiresAt: null,
    sealedKey: null,
    claimedAt: null,
  };
  const answer: SubmittedKeyRequest = { id: record.id, status: 'pending', createdAt: record.createdAt };
  if (trapped) return answer;
  const limit = options.maxPendingPerEmail ?? DEFAULT_PENDING_PER_EMAIL;
  await deps.unitOfWork.run(async (stores) => {
    if ((await stores.keyRequests.countPendingFor(valid.email)) >= limit) {
      throw new AppError(
        'CONFLICT',
        `Field 'email' already has ${limit} requests waiting for the operator; wait for their answer.`,
      );
    }
    await stores.keyRequests.insert(record);
  });
  return answer;
}

/** The open status of a request: no personal data. */
export async function getKeyRequestStatus(
  deps: { stores: Pick<Stores, 'keyRequests'>; clock: Clock },
  id: string,
): Promise<KeyRequestStatusView> {
  const record = isKeyRequestId(id) ? await deps.stores.keyRequests.get(id) : undefined;
  if (!record) throw notFound(`No key request with id '${id}'.`);
  return keyRequestStatusView(record, deps.clock.now());
}

/** The operator's queue, oldest first, with the e-mail: all requests, or those in one status. */
export async function listKeyRequests(
  deps: { stores: Pick<Stores, 'keyRequests'>; clock: Clock },
  status?: KeyRequestStatus,
): Promise<KeyRequestSummary[]> {
  const now = deps.clock.now();
  const stored = status === 'expired' ? 'approved' : status;
  const records = await deps.stores.keyRequests.list(stored);
  return records
    .map((record) => summarizeKeyRequest(record, now))
    .filter((summary) => status === undefined || summary.status === status);
}

export interface KeyGrant {
  name?: string;
  scopes?: string[];
  permissions?: string[];
  expiresAt?: string | null;
}

export interface ApprovedKeyRequest {
  request: KeyRequestSummary;
  key: ApiKeySummary;
  /** The one-time claim token: it goes into the link and is stored only as a hash. */
  claimToken: string;
}

/**
 * Approves a pending request: makes its key (with `createApiKey`'s checks; by default what was asked, read
 * only) and a claim token, in one transaction with the audit entries. The key is kept only sealed under the
 * token, which is kept only hashed: neither the operator nor the database can read it; the link can.
 */
export async function approveKeyRequest(
  deps: Deps,
  id: string,
  grant: KeyGrant = {},
  actor: Actor = OPERATOR_ACTOR,
): Promise<ApprovedKeyRequest> {
  const now = deps.clock.now();
  const at = now.toISOString();
  return deps.unitOfWork.run(async (stores) => {
    const before = await pendingRequest(stores, id, now);
    const prepared = prepareKey(
      {
        name: grant.name ?? before.name,
        scopes: grant.scopes ?? before.scopes,
        permissions: grant.permissions ?? ['read'],
        expiresAt: grant.expiresAt ?? null,
      },
      now,
    );
    await storeIssuedKey(stores, prepared, actor);
    const claimToken = randomBytes(32).toString('base64url');
    const after: KeyRequestRecord = {
      ...before,
      status: 'approved',
      decidedAt: at,
      keyId: prepared.record.id,
      claimTokenHash: hashClaimToken(claimToken),
      claimExpiresAt: new Date(now.getTime() + CLAIM_LIFETIME_MS).toISOString(),
      sealedKey: seal(prepared.key, claimToken),
    };
    await stores.keyRequests.update(after);
    await audit(stores, actor, 'keys.requests.approve', before, after, at);
    return { request: summarizeKeyRequest(after, now), key: summarizeKey(prepared.record), claimToken };
  });
}

/** Rejects a pending request for a reason (which the requester is told). */
export async function rejectKeyRequest(
  deps: Deps,
  id: string,
  reason: string,
  actor: Actor = OPERATOR_ACTOR,
): Promise<KeyRequestSummary> {
  const trimmed = typeof reason === 'string' ? reason.trim() : '';
  if (!trimmed || [...trimmed].length > MAX_REASON_LENGTH)
    throw parameterError('reason', `reason must be 1 to ${MAX_REASON_LENGTH} characters.`);
  if (!new RegExp(KEY_REQUEST_PATTERNS.text, 'u').test(trimmed))
    throw parameterError('reason', 'reason must not contain control characters or bidirectional overrides.');
  const now = deps.clock.now();
  const at = now.toISOString();
  return deps.unitOfWork.run(async (stores) => {
    const before = await pendingRequest(stores, id, now);
    const after: KeyRequestRecord = { ...before, status: 'rejected', decidedAt: at, reason: trimmed };
    await stores.keyRequests.update(after);
    await audit(stores, actor, 'keys.requests.reject', before, after, at);
    return summarizeKeyRequest(after, now);
  });
}

/** What the claim page shows before the key is revealed: who asked, and what was granted. */
export interface OpenClaim {
  name: string;
  project: string;
  website: string | null;
  key: ApiKeySummary;
  claimExpiresAt: string;
}

/** The claim behind a link, or null when it is unknown, spent or expired. Reading it spends nothing. */
export async function viewClaim(
  deps: { stores: Pick<Stores, 'keyRequests' | 'keys'>; clock: Clock },
  token: string,
): Promise<OpenClaim | null> {
  const record = await claimable(deps.stores, token, deps.clock.now());
  const key = record && (await deps.stores.keys.findById(record.keyId!));
  if (!record || !key) return null;
  const { name, project, website } = record;
  return { name, project, website, key: summarizeKey(key), claimExpiresAt: record.claimExpiresAt! };
}

/**
 * Reveals the key behind a claim link, once: the request becomes `claimed` and its sealed key is erased in
 * the same transaction (audited with the requester as actor). Null when the link is unknown, spent or expired.
 */
export async function claimKey(deps: Deps, token: string): Promise<{ key: string; summary: ApiKeySummary } | null> {
  const now = deps.clock.now();
  const at = now.toISOString();
  return deps.unitOfWork.run(async (stores) => {
    const before = await claimable(stores, token, now);
    const stored = before && (await stores.keys.findById(before.keyId!));
    if (!before || !stored) return null;
    const key = unseal(before.sealedKey!, token);
    const after: KeyRequestRecord = { ...before, status: 'claimed', claimedAt: at, sealedKey: null };
    await stores.keyRequests.update(after);
    await audit(stores, REQUESTER_ACTOR, 'keys.requests.claim', before, after, at);
    return { key, summary: summarizeKey(stored) };
  });
}

async function claimable(stores: Pick<Stores, 'keyRequests'>, token: string, now: Date) {
  if (!isWellFormedClaimToken(token)) return null;
  const record = await stores.keyRequests.findByClaimTokenHash(hashClaimToken(token));
  if (!record || statusAt(record, now) !== 'approved') return null;
  return record.sealedKey === null || record.keyId === null ? null : record;
}

async function pendingRequest(stores: Stores, id: string, now: Date): Promise<KeyRequestRecord> {
  const record = isKeyRequestId(id) ? await stores.keyRequests.get(id) : undefined;
  if (!record) throw notFound(`No key request with id '${id}'.`);
  const status = statusAt(record, now);
  if (status !== 'pending') throw validationError(`Key request '${id}' is ${status}, not pending.`);
  return record;
}

async function audit(
  stores: Stores,
  actor: Actor,
  action: string,
  before: KeyRequestRecord,
  after: KeyRequestRecord,
  at: string,
): Promise<void> {
  await stores.audit.append({
    at,
    ...actor,
    action,
    target: { type: 'key-request', id: after.id },
    before: keyRequestSnapshot(before),
    after: keyRequestSnapshot(after),
  });
}

/** The AES-256-GCM key that seals a request's API key: derived from the claim token alone. */
const sealingKey = (token: string) => createHash('sha256').update(`islamic-data key claim\0${token}`).digest();

function seal(secret: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(token), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

function unseal(sealed: string, token: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(token), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
