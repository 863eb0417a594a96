import type { MosqueSchedule } from './mosque-schedule.js';

export const MOSQUE_STATUSES = ['pending', 'published', 'rejected', 'unpublished'] as const;
export type MosqueStatus = (typeof MOSQUE_STATUSES)[number];

/** A mosque as the API shows it (CONTRACT §12). Published mosques always have coordinates. */
export interface PublicMosque {
  slug: string;
  nameEn: string;
  nameAr: string | null;
  addressLine1: string;
  city: string;
  /** ISO 3166-1 alpha-2, upper-case. */
  country: string;
  lat: number;
  lng: number;
  denomination: string | null;
  phone: string | null;
  website: string | null;
  email: string | null;
  description: string | null;
  languages: string[];
  /** The congregation's own settings, iqama and Jumu'ah times (CONTRACT §20); null until set. */
  schedule: MosqueSchedule | null;
  /** Where the record came from when it was imported (OpenStreetMap), with the credit its licence asks for. */
  source: MosqueSource | null;
}

/** The ODbL credit every record imported from OpenStreetMap carries. */
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors, ODbL';

export interface MosqueSource {
  /** The OpenStreetMap element: `node/123`, `way/45`, `relation/6`. */
  osm: string;
  attribution: typeof OSM_ATTRIBUTION;
}

export const osmSource = (osm: string): MosqueSource => ({ osm, attribution: OSM_ATTRIBUTION });

/** A public record with its great-circle distance from the `near` point. */
export type PublicMosqueWithDistance = PublicMosque & { distanceKm: number };

/** A mosque as stored: any state, coordinates possibly still missing, and who submitted it. */
export interface MosqueRecord extends Omit<PublicMosque, 'lat' | 'lng'> {
  lat: number | null;
  lng: number | null;
  status: MosqueStatus;
  /** Kept for the operator to reach the submitter; never in an API response, a log or the audit log. */
  submitterEmail: string;
  /** Why it was rejected or unpublished; null otherwise. */
  moderationReason: string | null;
  submittedAt: string;
  moderatedAt: string | null;
  updatedAt: string;
}

/** What the audit log keeps of a mosque: everything but the submitter's e-mail. */
export type MosqueAuditSnapshot = Omit<MosqueRecord, 'submitterEmail'>;

export const MOSQUE_AUDIT_ACTIONS = {
  submit: 'mosques.submit',
  approve: 'mosques.approve',
  reject: 'mosques.reject',
  unpublish: 'mosques.unpublish',
  schedule: 'mosques.schedule.put',
} as const;

/** Only a published mosque with coordinates can be listed or found, however it is searched. */
export const isSearchable = (record: MosqueRecord): record is MosqueRecord & { lat: number; lng: number } =>
  record.status === 'published' && record.lat !== null && record.lng !== null;

export function toPublicMosque(record: MosqueRecord): PublicMosque {
  if (record.lat === null || record.lng === null)
    throw new Error(`Mosque ${record.slug} has no coordinates and cannot be shown.`);
  return {
    slug: record.slug,
    nameEn: record.nameEn,
    nameAr: record.nameAr,
    addressLine1: record.addressLine1,
    city: record.city,
    country: record.country,
    lat: record.lat,
    lng: record.lng,
    denomination: record.denomination,
    phone: record.phone,
    website: record.website,
    email: record.email,
    description: record.description,
    languages: [...record.languages],
    schedule: record.schedule === null ? null : structuredClone(record.schedule),
    source: record.source === null ? null : { ...record.source },
  };
}

export function toAuditSnapshot({ submitterEmail: _hidden, ...snapshot }: MosqueRecord): MosqueAuditSnapshot {
  return structuredClone(snapshot);
}
