import {
  cityKey,
  osmSource,
  type MosqueRecord,
  type MosqueSchedule,
  type MosqueStatus,
  type PublicMosque,
} from '@islamic-data/core';
import type { Generated, Insertable, Selectable } from 'kysely';
import { columnsOf } from '../columns-of.js';

export interface MosquesTable {
  /** On SQLite the rowid, which the mosque's search and geo index rows share. */
  id: Generated<number>;
  slug: string;
  name_en: string;
  name_ar: string | null;
  address_line1: string;
  city: string;
  /** `cityKey(city)`: what the case- and accent-insensitive `city` filter compares. */
  city_key: string;
  country: string;
  lat: number | null;
  lng: number | null;
  denomination: string | null;
  phone: string | null;
  website: string | null;
  email: string | null;
  description: string | null;
  /** JSON array of language codes. */
  languages_json: string;
  status: MosqueStatus;
  submitter_email: string;
  moderation_reason: string | null;
  submitted_at: string;
  moderated_at: string | null;
  updated_at: string;
  /** The mosque's schedule (CONTRACT §20) as JSON; null until one is set. */
  schedule_json: string | null;
  /** The OpenStreetMap element an imported record came from (`node/123`), unique; null otherwise. */
  osm_id: string | null;
}

/** What a mosque is read from (`columnsOf`): not PostgreSQL's search lexemes. */
export const MOSQUE_COLUMNS = columnsOf<MosquesTable>({
  id: true,
  slug: true,
  name_en: true,
  name_ar: true,
  address_line1: true,
  city: true,
  city_key: true,
  country: true,
  lat: true,
  lng: true,
  denomination: true,
  phone: true,
  website: true,
  email: true,
  description: true,
  languages_json: true,
  status: true,
  submitter_email: true,
  moderation_reason: true,
  submitted_at: true,
  moderated_at: true,
  updated_at: true,
  schedule_json: true,
  osm_id: true,
});

/** The row of a record: the columns of both dialects (PostgreSQL adds its search lexemes). */
export function toMosqueRow(record: MosqueRecord): Insertable<MosquesTable> {
  return {
    slug: record.slug,
    name_en: record.nameEn,
    name_ar: record.nameAr,
    address_line1: record.addressLine1,
    city: record.city,
    city_key: cityKey(record.city),
    country: record.country,
    lat: record.lat,
    lng: record.lng,
    denomination: record.denomination,
    phone: record.phone,
    website: record.website,
    email: record.email,
    description: record.description,
    languages_json: JSON.stringify(record.languages),
    status: record.status,
    submitter_email: record.submitterEmail,
    moderation_reason: record.moderationReason,
    submitted_at: record.submittedAt,
    moderated_at: record.moderatedAt,
    updated_at: record.updatedAt,
    schedule_json: record.schedule === null ? null : JSON.stringify(record.schedule),
    osm_id: record.source?.osm ?? null,
  };
}

/** The columns of the public record: what searches read. */
export const PUBLIC_MOSQUE_COLUMNS = [
  'slug',
  'name_en',
  'name_ar',
  'address_line1',
  'city',
  'country',
  'lat',
  'lng',
  'denomination',
  'phone',
  'website',
  'email',
  'description',
  'languages_json',
  'schedule_json',
  'osm_id',
] as const satisfies readonly (keyof MosquesTable)[];

/** The public columns on a query that names the mosques table `m`, as the searches of both dialects do. */
export const PUBLIC_COLUMNS_OF_M = PUBLIC_MOSQUE_COLUMNS.map((column) => `m.${column}` as const);

export type PublicMosqueRow = Pick<Selectable<MosquesTable>, (typeof PUBLIC_MOSQUE_COLUMNS)[number]>;

/** A published row (coordinates present) as the API shows it. */
export function fromPublicMosqueRow(row: PublicMosqueRow): PublicMosque {
  return {
    slug: row.slug,
    nameEn: row.name_en,
    nameAr: row.name_ar,
    addressLine1: row.address_line1,
    city: row.city,
    country: row.country,
    lat: row.lat!,
    lng: row.lng!,
    denomination: row.denomination,
    phone: row.phone,
    website: row.website,
    email: row.email,
    description: row.description,
    languages: JSON.parse(row.languages_json) as string[],
    schedule: row.schedule_json === null ? null : (JSON.parse(row.schedule_json) as MosqueSchedule),
    source: row.osm_id === null ? null : osmSource(row.osm_id),
  };
}

export function fromMosqueRow(row: Selectable<MosquesTable>): MosqueRecord {
  return {
    ...fromPublicMosqueRow(row),
    lat: row.lat,
    lng: row.lng,
    status: row.status,
    submitterEmail: row.submitter_email,
    moderationReason: row.moderation_reason,
    submittedAt: row.submitted_at,
    moderatedAt: row.moderated_at,
    updatedAt: row.updated_at,
  };
}
