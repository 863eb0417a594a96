import type { MosqueRecord, MosqueSubmission } from '@islamic-data/core';

let sequence = 0;

/** A complete, valid submission with visibly synthetic values. */
export function aMosqueSubmission(overrides: Partial<MosqueSubmission> = {}): MosqueSubmission {
  const n = ++sequence;
  return {
    nameEn: `Test Mosque Submission ${n}`,
    nameAr: `مسجد الاختبار ${n}`,
    addressLine1: `${n} Test Road`,
    city: 'Test City',
    country: 'GB',
    submitterEmail: `test-submitter-${n}@example.org`,
    denomination: 'Test denomination',
    phone: '+44 20 0000 0000',
    website: `https://example.org/test-submissions/${n}`,
    email: `test-mosque-${n}@example.org`,
    description: `Synthetic test submission ${n}.`,
    languages: ['en', 'ar'],
    lat: 51.5,
    lng: -0.12,
    ...overrides,
  };
}

/** A stored mosque (pending unless told otherwise) with visibly synthetic values. */
export function aMosqueRecord(overrides: Partial<MosqueRecord> = {}): MosqueRecord {
  const n = ++sequence;
  const at = new Date(Date.UTC(2026, 0, 3, 0, 0, n)).toISOString();
  return {
    slug: `test-mosque-record-${n}`,
    nameEn: `Test Mosque Record ${n}`,
    nameAr: `مسجد الاختبار ${n}`,
    addressLine1: `${n} Test Lane`,
    city: 'Test City',
    country: 'GB',
    lat: 51.5,
    lng: -0.12,
    denomination: null,
    phone: null,
    website: null,
    email: null,
    description: `Synthetic test record ${n}.`,
    languages: [],
    schedule: null,
    source: null,
    status: 'pending',
    submitterEmail: `test-submitter-${n}@example.org`,
    moderationReason: null,
    submittedAt: at,
    moderatedAt: null,
    updatedAt: at,
    ...overrides,
  };
}
