import { distanceKm } from '../shared/geo.js';
import type { Snapshottable } from '../shared/snapshottable.js';
import { isSearchable, toPublicMosque, type MosqueRecord, type MosqueStatus } from './mosque.js';
import type { MosqueHit, MosqueSearch, MosqueStore } from './mosque-store.js';
import { cityKey, matchesTerms, searchableFields } from './text-folding.js';

/** Brute force over every record: the reference the SQLite indexes are checked against. */
export class InMemoryMosqueStore implements MosqueStore, Snapshottable {
  private records = new Map<string, MosqueRecord>();

  async insert(record: MosqueRecord): Promise<void> {
    if (this.records.has(record.slug)) throw new Error(`A mosque with slug '${record.slug}' already exists.`);
    this.refuseSameSource(record);
    this.records.set(record.slug, structuredClone(record));
  }

  async insertMany(records: MosqueRecord[]): Promise<void> {
    for (const record of records) await this.insert(record);
  }

  async update(record: MosqueRecord): Promise<void> {
    if (!this.records.has(record.slug)) throw new Error(`No mosque with slug '${record.slug}'.`);
    this.refuseSameSource(record);
    this.records.set(record.slug, structuredClone(record));
  }

  async get(slug: string): Promise<MosqueRecord | undefined> {
    const record = this.records.get(slug);
    return record && structuredClone(record);
  }

  /** OSM ids are unique, as the SQL stores' unique index makes them. */
  private refuseSameSource(record: MosqueRecord): void {
    const osm = record.source?.osm;
    if (osm === undefined) return;
    for (const other of this.records.values())
      if (other.slug !== record.slug && other.source?.osm === osm)
        throw new Error(`The OpenStreetMap element ${osm} is already a mosque here.`);
  }

  async getByOsm(osmIds: string[]): Promise<MosqueRecord[]> {
    const wanted = new Set(osmIds);
    return [...this.records.values()]
      .filter((record) => record.source !== null && wanted.has(record.source.osm))
      .map((record) => structuredClone(record));
  }

  async slugsStartingWith(base: string): Promise<string[]> {
    return [...this.records.keys()].filter((slug) => slug === base || slug.startsWith(`${base}-`));
  }

  async listByStatus(status: MosqueStatus, limit: number): Promise<MosqueRecord[]> {
    return [...this.records.values()]
      .filter((record) => record.status === status)
      .sort((a, b) => a.submittedAt.localeCompare(b.submittedAt) || a.slug.localeCompare(b.slug))
      .slice(0, limit)
      .map((record) => structuredClone(record));
  }

  async searchPublished(search: MosqueSearch): Promise<MosqueHit[]> {
    const hits: { record: MosqueRecord; distanceKm?: number }[] = [];
    for (const record of this.records.values()) {
      if (!isSearchable(record)) continue;
      if (search.country !== undefined && record.country !== search.country) continue;
      if (search.city !== undefined && cityKey(record.city) !== search.city) continue;
      if (search.terms?.length && !matchesTerms(searchableFields(record), search.terms)) continue;
      if (!search.near) {
        hits.push({ record });
        continue;
      }
      const distance = distanceKm(search.near, { lat: record.lat, lng: record.lng });
      if (distance <= search.near.radiusKm) hits.push({ record, distanceKm: distance });
    }
    const bySlug = (a: { record: MosqueRecord }, b: { record: MosqueRecord }) =>
      a.record.slug < b.record.slug ? -1 : a.record.slug > b.record.slug ? 1 : 0;
    hits.sort(search.near ? (a, b) => a.distanceKm! - b.distanceKm! || bySlug(a, b) : bySlug);
    return hits
      .slice(0, search.limit)
      .map(({ record, distanceKm }) =>
        distanceKm === undefined ? { mosque: toPublicMosque(record) } : { mosque: toPublicMosque(record), distanceKm },
      );
  }

  snapshot(): unknown {
    return structuredClone(this.records);
  }

  restore(snapshot: unknown): void {
    this.records = structuredClone(snapshot as Map<string, MosqueRecord>);
  }
}
