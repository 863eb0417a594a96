import type { Actor } from '../audit/audit-entry.js';
import type { Clock } from '../clock.js';
import type { UnitOfWork } from '../shared/unit-of-work.js';
import { MOSQUE_AUDIT_ACTIONS, toAuditSnapshot, type MosqueRecord } from './mosque.js';
import { validateSubmission, type MosqueSubmission } from './mosque-submission.js';
import { baseSlug, firstFreeSlug } from './slug.js';

export interface SubmittedMosque {
  slug: string;
  status: 'pending';
}

/**
 * Stores a submission as `pending` under a new slug; only the operator publishes it. Audited with
 * the submitting key.
 */
export async function submitMosque(
  deps: { unitOfWork: UnitOfWork; clock: Clock },
  input: MosqueSubmission,
  actor: Actor,
): Promise<SubmittedMosque> {
  const submission = validateSubmission(input);
  const at = deps.clock.now().toISOString();
  const base = baseSlug(submission.nameEn, submission.city);
  return deps.unitOfWork.run(async (stores) => {
    const slug = firstFreeSlug(base, await stores.mosques.slugsStartingWith(base));
    const record: MosqueRecord = {
      slug,
      ...submission,
      schedule: null,
      source: null,
      status: 'pending',
      moderationReason: null,
      submittedAt: at,
      moderatedAt: null,
      updatedAt: at,
    };
    await stores.mosques.insert(record);
    await stores.audit.append({
      at,
      ...actor,
      action: MOSQUE_AUDIT_ACTIONS.submit,
      target: { type: 'mosque', slug },
      before: null,
      after: toAuditSnapshot(record),
    });
    return { slug, status: 'pending' };
  });
}
