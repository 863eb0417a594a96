import { assertSafeText } from '../shared/text.js';
import { OPERATOR_ACTOR, type Actor } from '../audit/audit-entry.js';
import type { Clock } from '../clock.js';
import { AppError, notFound } from '../errors.js';
import { parameterError } from '../parameter-error.js';
import type { Stores, UnitOfWork } from '../shared/unit-of-work.js';
import { MOSQUE_AUDIT_ACTIONS, toAuditSnapshot, type MosqueRecord, type MosqueStatus } from './mosque.js';
import { checkedCoordinates } from './mosque-submission.js';
import { MOSQUE_LIST_LIMIT } from './read-mosques.js';
import { nameSimilarity, SIMILAR_NAME_THRESHOLD } from './name-similarity.js';

type ModerationDeps = { unitOfWork: UnitOfWork; clock: Clock };

/** A published mosque close to one being approved, with a similar name: possibly the same mosque twice. */
export interface PossibleDuplicate {
  slug: string;
  nameEn: string;
  nameAr: string | null;
  distanceM: number;
  similarity: number;
}

export interface ApprovedMosque {
  mosque: MosqueRecord;
  possibleDuplicates: PossibleDuplicate[];
}

/** Within this distance a similar name suggests the same mosque. */
export const DUPLICATE_RADIUS_KM = 0.1;
const MAX_REASON_LENGTH = 1_000;

/**
 * The moderation moves (CONTRACT §12): pending → published | rejected; published → unpublished;
 * and, decided here, unpublished → published again by approving. Rejected is final.
 */
const TRANSITIONS = {
  approve: { from: ['pending', 'unpublished'], action: MOSQUE_AUDIT_ACTIONS.approve, done: 'approved' },
  reject: { from: ['pending'], action: MOSQUE_AUDIT_ACTIONS.reject, done: 'rejected' },
  unpublish: { from: ['published'], action: MOSQUE_AUDIT_ACTIONS.unpublish, done: 'unpublished' },
} as const satisfies Record<string, { from: MosqueStatus[]; action: string; done: string }>;

type Transition = (typeof TRANSITIONS)[keyof typeof TRANSITIONS];

/** Submissions waiting for the operator, oldest first: the full records, submitter e-mail included (operator only). */
export async function listPendingMosques(
  stores: Pick<Stores, 'mosques'>,
  limit: number = MOSQUE_LIST_LIMIT.max,
): Promise<MosqueRecord[]> {
  return stores.mosques.listByStatus('pending', limit);
}

/**
 * Publishes a pending mosque, or publishes an unpublished one again. It needs coordinates, from the
 * submission or given here (these win). A published mosque within 100 m with a similar name does
 * not stop it: it is returned as a possible duplicate for the operator to check.
 */
export async function approveMosque(
  deps: ModerationDeps,
  slug: string,
  coordinates: { lat?: number; lng?: number } = {},
  actor: Actor = OPERATOR_ACTOR,
): Promise<ApprovedMosque> {
  const given =
    coordinates.lat === undefined && coordinates.lng === undefined
      ? undefined
      : checkedCoordinates(coordinates.lat, coordinates.lng);
  return moderate(deps, slug, TRANSITIONS.approve, actor, async (stores, before, at) => {
    const { lat, lng } = given ?? before;
    if (lat === null || lng === null) {
      throw parameterError(['lat', 'lng'], `lat and lng must be given: mosque '${slug}' has no coordinates.`);
    }
    const after: MosqueRecord = {
      ...before,
      lat,
      lng,
      status: 'published',
      moderationReason: null,
      moderatedAt: at,
      updatedAt: at,
    };
    const possibleDuplicates = await findPossibleDuplicates(stores, after);
    return { after, result: { mosque: after, possibleDuplicates } };
  });
}

/** Rejects a pending submission for a reason; a rejected mosque stays rejected (a corrected one is submitted anew). */
export async function rejectMosque(
  deps: ModerationDeps,
  slug: string,
  reason: string,
  actor: Actor = OPERATOR_ACTOR,
): Promise<MosqueRecord> {
  const moderationReason = checkedReason(reason, true)!;
  return moderate(deps, slug, TRANSITIONS.reject, actor, async (_stores, before, at) => {
    const after: MosqueRecord = { ...before, status: 'rejected', moderationReason, moderatedAt: at, updatedAt: at };
    return { after, result: after };
  });
}

/** Takes a published mosque out of the listings; `approveMosque` can publish it again. */
export async function unpublishMosque(
  deps: ModerationDeps,
  slug: string,
  reason: string | null = null,
  actor: Actor = OPERATOR_ACTOR,
): Promise<MosqueRecord> {
  const moderationReason = checkedReason(reason, false);
  return moderate(deps, slug, TRANSITIONS.unpublish, actor, async (_stores, before, at) => {
    const after: MosqueRecord = { ...before, status: 'unpublished', moderationReason, moderatedAt: at, updatedAt: at };
    return { after, result: after };
  });
}

/** Reads, checks the state, writes, and audits the change, all in one transaction. */
async function moderate<T>(
  deps: ModerationDeps,
  slug: string,
  transition: Transition,
  actor: Actor,
  change: (stores: Stores, before: MosqueRecord, at: string) => Promise<{ after: MosqueRecord; result: T }>,
): Promise<T> {
  const at = deps.clock.now().toISOString();
  return deps.unitOfWork.run(async (stores) => {
    const before = await stores.mosques.get(slug);
    if (!before) throw notFound(`There is no mosque '${slug}'.`);
    if (!(transition.from as readonly MosqueStatus[]).includes(before.status)) {
      throw new AppError(
        'CONFLICT',
        `Mosque '${slug}' is ${before.status}; ` +
          `only a ${transition.from.join(' or ')} mosque can be ${transition.done}.`,
      );
    }
    const { after, result } = await change(stores, before, at);
    await stores.mosques.update(after);
    await stores.audit.append({
      at,
      ...actor,
      action: transition.action,
      target: { type: 'mosque', slug },
      before: toAuditSnapshot(before),
      after: toAuditSnapshot(after),
    });
    return result;
  });
}

async function findPossibleDuplicates(stores: Stores, mosque: MosqueRecord): Promise<PossibleDuplicate[]> {
  const nearby = await stores.mosques.searchPublished({
    near: { lat: mosque.lat!, lng: mosque.lng!, radiusKm: DUPLICATE_RADIUS_KM },
    limit: MOSQUE_LIST_LIMIT.max,
  });
  return nearby
    .filter((hit) => hit.mosque.slug !== mosque.slug)
    .map(({ mosque: other, distanceKm }) => ({
      slug: other.slug,
      nameEn: other.nameEn,
      nameAr: other.nameAr,
      distanceM: Math.round(distanceKm! * 1000),
      similarity: Math.max(
        nameSimilarity(other.nameEn, mosque.nameEn),
        other.nameAr && mosque.nameAr ? nameSimilarity(other.nameAr, mosque.nameAr) : 0,
      ),
    }))
    .filter((candidate) => candidate.similarity >= SIMILAR_NAME_THRESHOLD);
}

function checkedReason(reason: string | null, required: boolean): string | null {
  const trimmed = reason?.trim() ?? '';
  if (required && trimmed === '') throw parameterError('reason', 'reason is required.');
  assertSafeText('reason', trimmed, 'text');
  if (trimmed.length > MAX_REASON_LENGTH)
    throw parameterError('reason', `reason must be at most ${MAX_REASON_LENGTH} characters.`);
  return trimmed === '' ? null : trimmed;
}
