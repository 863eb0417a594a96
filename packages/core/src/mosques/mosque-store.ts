import type { LatLng } from '../shared/geo.js';
import type { MosqueRecord, MosqueStatus, PublicMosque } from './mosque.js';

/** Filters over published mosques; every one given must hold. */
export interface MosqueSearch {
  /** Within `radiusKm` (great-circle) of the point. */
  near?: LatLng & { radiusKm: number };
  /** Upper-case ISO 3166-1 alpha-2. */
  country?: string;
  /** A `cityKey()`: equal to the stored city's key. */
  city?: string;
  /** Folded words (`searchTerms()`); each must begin a word of a name, the address, the city or the description. */
  terms?: string[];
  limit: number;
}

/** A search result: only what the API may show, so the submitter's e-mail is never even read by a search. */
export interface MosqueHit {
  mosque: PublicMosque;
  /** Exact great-circle distance when `near` was given. */
  distanceKm?: number;
}

/** Port: mosques in every state; only published ones are searchable. */
export interface MosqueStore {
  insert(record: MosqueRecord): Promise<void>;
  /** Many records at once, for seeding (run it in a unit of work to make it one transaction). */
  insertMany(records: MosqueRecord[]): Promise<void>;
  /** Replaces the record with the same slug (state, coordinates, moderation fields). */
  update(record: MosqueRecord): Promise<void>;
  /** Any state. */
  get(slug: string): Promise<MosqueRecord | undefined>;
  /** The records imported from these OpenStreetMap elements (`node/123`, …), any state. */
  getByOsm(osmIds: string[]): Promise<MosqueRecord[]>;
  /** Every slug equal to `base` or beginning with `${base}-`. */
  slugsStartingWith(base: string): Promise<string[]>;
  /** Oldest submission first. */
  listByStatus(status: MosqueStatus, limit: number): Promise<MosqueRecord[]>;
  /** Published mosques matching every filter: nearest first (ties by slug) with `near`, otherwise by slug. */
  searchPublished(search: MosqueSearch): Promise<MosqueHit[]>;
}
