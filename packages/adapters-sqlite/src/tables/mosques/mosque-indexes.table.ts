import { searchableFields, type MosqueRecord } from '@islamic-data/core';

/**
 * R*Tree over published mosques with coordinates: one point-sized box per mosque, keyed by the
 * mosque's id. It stores 32-bit floats rounded outwards, so it only prefilters; exact coordinates
 * come from `mosques`.
 */
export interface MosquesGeoTable {
  id: number;
  min_lat: number;
  max_lat: number;
  min_lng: number;
  max_lng: number;
}

/**
 * FTS5 (contentless, unicode61 with diacritics removed) over the folded text of published
 * mosques; `rowid` is the mosque's id. Matched with `mosques_fts match ...` in raw SQL.
 */
export interface MosquesFtsTable {
  rowid: number;
  name_en: string;
  name_ar: string;
  address_line1: string;
  city: string;
  description: string;
}

export function toGeoRow(id: number, record: MosqueRecord): MosquesGeoTable {
  return { id, min_lat: record.lat!, max_lat: record.lat!, min_lng: record.lng!, max_lng: record.lng! };
}

export function toFtsRow(id: number, record: MosqueRecord): MosquesFtsTable {
  const [name_en, name_ar, address_line1, city, description] = searchableFields(record) as [
    string,
    string,
    string,
    string,
    string,
  ];
  return { rowid: id, name_en, name_ar, address_line1, city, description };
}
