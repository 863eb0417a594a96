import { boundingBoxes, type LatLng, type LatLngBox, type MosqueHit, type MosqueStore } from '@islamic-data/core';
import type { Kysely } from 'kysely';
import { sharedTables, type SharedDatabase } from '../schema.js';
import { fromMosqueRow } from '../tables/mosques/mosques.table.js';

/** The reads of the mosque store that need no index of either dialect. */
export function kyselyMosqueReads<DB extends SharedDatabase>(
  db: Kysely<DB>,
): Pick<MosqueStore, 'get' | 'slugsStartingWith' | 'listByStatus'> {
  const trx = sharedTables(db);
  return {
    async get(slug) {
      const row = await trx.selectFrom('mosques').selectAll().where('slug', '=', slug).executeTakeFirst();
      return row && fromMosqueRow(row);
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
        .selectAll()
        .where('status', '=', status)
        .orderBy('submitted_at')
        .orderBy('slug')
        .limit(limit)
        .execute();
      return rows.map(fromMosqueRow);
    },
  };
}

type NearHit = MosqueHit & { distanceKm: number };

/**
 * The nearest `limit` mosques within the circle `near`: `hitsInBox` gives those of one of its bounding boxes
 * (two across the antimeridian), each within the radius; they are merged here, nearest first, then by slug.
 */
export async function nearestInBoxes(
  near: LatLng & { radiusKm: number },
  limit: number,
  hitsInBox: (box: LatLngBox) => Promise<NearHit[]>,
): Promise<MosqueHit[]> {
  const hits: NearHit[] = [];
  for (const box of boundingBoxes(near, near.radiusKm)) hits.push(...(await hitsInBox(box)));
  return hits
    .sort(
      (a, b) =>
        a.distanceKm - b.distanceKm || (a.mosque.slug < b.mosque.slug ? -1 : a.mosque.slug > b.mosque.slug ? 1 : 0),
    )
    .slice(0, limit);
}
