import { boundingBoxes, type LatLng, type LatLngBox, type MosqueHit, type MosqueStore } from '@islamic-data/core';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { sharedTables, type SharedDatabase } from '../schema.js';
import {
  fromMosqueRow,
  fromPublicMosqueRow,
  MOSQUE_COLUMNS,
  type PublicMosqueRow,
} from '../tables/mosques/mosques.table.js';

/** The reads of the mosque store that need no index of either dialect. */
export function kyselyMosqueReads<DB extends SharedDatabase>(
  db: Kysely<DB>,
): Pick<MosqueStore, 'get' | 'getByOsm' | 'slugsStartingWith' | 'listByStatus'> {
  const trx = sharedTables(db);
  return {
    async get(slug) {
      const row = await trx.selectFrom('mosques').select(MOSQUE_COLUMNS).where('slug', '=', slug).executeTakeFirst();
      return row && fromMosqueRow(row);
    },

    async getByOsm(osmIds) {
      if (osmIds.length === 0) return [];
      const rows = await trx.selectFrom('mosques').select(MOSQUE_COLUMNS).where('osm_id', 'in', osmIds).execute();
      return rows.map(fromMosqueRow);
    },

    async slugsStartingWith(base) {
      // Slugs are [a-z0-9-]: the range [base, base + '.') holds base and every base-… (and nothing else).
      const rows = await trx
        .selectFrom('mosques')
        .select('slug')
        .where('slug', '>=', base)
        .where('slug', '<', `${base}.`)
        .execute();
      return rows.map(({ slug }) => slug);
    },

    async listByStatus(status, limit) {
      const rows = await trx
        .selectFrom('mosques')
        .select(MOSQUE_COLUMNS)
        .where('status', '=', status)
        .orderBy('submitted_at')
        .orderBy('slug')
        .limit(limit)
        .execute();
      return rows.map(fromMosqueRow);
    },
  };
}

/** The published mosques of one box within the radius, over `mosques as m`: public columns and `distance_km`. */
// Whatever the dialect's query joins (its geo index) and filters.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type BoxQuery = SelectQueryBuilder<any, any, PublicMosqueRow & { distance_km: number }>;

/**
 * The nearest `limit` mosques within the circle `near`: `inBox` queries one of its bounding boxes (two across
 * the antimeridian); each box's nearest are read and merged here in one order, nearest first, then by slug.
 */
export async function nearestInBoxes(
  near: LatLng & { radiusKm: number },
  limit: number,
  inBox: (box: LatLngBox) => BoxQuery,
): Promise<MosqueHit[]> {
  const hits: (MosqueHit & { distanceKm: number })[] = [];
  for (const box of boundingBoxes(near, near.radiusKm)) {
    const rows = await inBox(box).orderBy('distance_km').orderBy('m.slug').limit(limit).execute();
    hits.push(...rows.map((row) => ({ mosque: fromPublicMosqueRow(row), distanceKm: row.distance_km })));
  }
  return hits
    .sort(
      (a, b) =>
        a.distanceKm - b.distanceKm || (a.mosque.slug < b.mosque.slug ? -1 : a.mosque.slug > b.mosque.slug ? 1 : 0),
    )
    .slice(0, limit);
}
