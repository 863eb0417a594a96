import {
  PUBLIC_COLUMNS_OF_M,
  fromPublicMosqueRow,
  kyselyMosqueReads,
  nearestInBoxes,
  toMosqueRow,
} from '@islamic-data/adapters-kysely';
import {
  EARTH_RADIUS_KM,
  isSearchable,
  type LatLng,
  type MosqueHit,
  type MosqueRecord,
  type MosqueSearch,
  type MosqueStore,
} from '@islamic-data/core';
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../schema.js';
import { toFtsRow, toGeoRow } from '../tables/mosques/mosque-indexes.table.js';

/** Rows per multi-row INSERT when seeding: well under SQLite's 32,766 bound parameters. */
const ROWS_PER_INSERT = 500;

/**
 * Mosques, with their FTS5 and R*Tree rows written by the same calls (so in the same transaction
 * as the mosque row): only published mosques are in either index.
 */
export function sqliteMosqueStore(trx: Kysely<Database>): MosqueStore {
  async function insertMany(records: MosqueRecord[]): Promise<void> {
    if (records.length === 0) return;
    const { maxId } = await trx
      .selectFrom('mosques')
      .select((eb) => eb.fn.max('id').as('maxId'))
      .executeTakeFirstOrThrow();
    let nextId = (maxId ?? 0) + 1;
    const entries = records.map((record) => ({ id: nextId++, record }));
    for (let start = 0; start < entries.length; start += ROWS_PER_INSERT) {
      const batch = entries.slice(start, start + ROWS_PER_INSERT);
      await trx
        .insertInto('mosques')
        .values(batch.map(({ id, record }) => ({ id, ...toMosqueRow(record) })))
        .execute();
      await index(batch);
    }
  }

  async function index(entries: { id: number; record: MosqueRecord }[]): Promise<void> {
    // Only searchable mosques are indexed: nothing else can be found, however it is searched.
    const indexed = entries.filter(({ record }) => isSearchable(record));
    if (indexed.length === 0) return;
    await trx
      .insertInto('mosques_geo')
      .values(indexed.map(({ id, record }) => toGeoRow(id, record)))
      .execute();
    await trx
      .insertInto('mosques_fts')
      .values(indexed.map(({ id, record }) => toFtsRow(id, record)))
      .execute();
  }

  async function unindex(id: number): Promise<void> {
    await trx.deleteFrom('mosques_geo').where('id', '=', id).execute();
    await trx.deleteFrom('mosques_fts').where('rowid', '=', id).execute();
  }

  /** Published, country and city, on a query that has the mosques table as `m`. */
  // Any query over `mosques as m`, whatever else it joins and selects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  function filtered<QB extends SelectQueryBuilder<any, any, any>>(query: QB, search: MosqueSearch): QB {
    let result = query.where('m.status', '=', 'published') as QB;
    if (search.country !== undefined) result = result.where('m.country', '=', search.country) as QB;
    if (search.city !== undefined) result = result.where('m.city_key', '=', search.city) as QB;
    return result;
  }

  // CROSS JOIN fixes SQLite's join order: the virtual table (R*Tree or FTS5) drives, so that a
  // search reads only the mosques its index found rather than probing the index for each mosque.

  /** Without `near`: the text index drives when there are terms; slug order. */
  async function searchList(search: MosqueSearch): Promise<MosqueHit[]> {
    const base = search.terms?.length
      ? trx
          .selectFrom('mosques_fts')
          .crossJoin('mosques as m')
          .whereRef('m.id', '=', 'mosques_fts.rowid')
          .where(sql<boolean>`mosques_fts match ${ftsQuery(search.terms)}`)
      : trx.selectFrom('mosques as m');
    const rows = await filtered(base.select(PUBLIC_COLUMNS_OF_M), search)
      .orderBy('m.slug')
      .limit(search.limit)
      .execute();
    return rows.map((row) => ({ mosque: fromPublicMosqueRow(row) }));
  }

  /**
   * With `near`: the R*Tree yields the mosques in the circle's bounding box(es), SQLite computes
   * the haversine distance (the formula of core's `distanceKm`), keeps those within the radius
   * and returns the nearest. Across the antimeridian there are two boxes (nearestInBoxes merges them).
   */
  function searchNear(search: MosqueSearch, near: LatLng & { radiusKm: number }): Promise<MosqueHit[]> {
    const distance = haversineKm(near);
    return nearestInBoxes(near, search.limit, (box) => {
      return filtered(
        trx
          .selectFrom('mosques_geo as g')
          .crossJoin('mosques as m')
          .whereRef('m.id', '=', 'g.id')
          .where('g.max_lat', '>=', box.minLat)
          .where('g.min_lat', '<=', box.maxLat)
          .where('g.max_lng', '>=', box.minLng)
          .where('g.min_lng', '<=', box.maxLng)
          .where(distance, '<=', near.radiusKm)
          .$if(Boolean(search.terms?.length), (query) =>
            query.where(
              sql<boolean>`m.id in (select rowid from mosques_fts where mosques_fts match ${ftsQuery(search.terms!)})`,
            ),
          )
          .select(PUBLIC_COLUMNS_OF_M)
          .select(distance.as('distance_km')),
        search,
      );
    });
  }

  return {
    ...kyselyMosqueReads(trx),
    insert: (record) => insertMany([record]),
    insertMany,

    async update(record) {
      const updated = await trx
        .updateTable('mosques')
        .set(toMosqueRow(record))
        .where('slug', '=', record.slug)
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw new Error(`No mosque with slug '${record.slug}'.`);
      await unindex(updated.id);
      await index([{ id: updated.id, record }]);
    },

    searchPublished: (search) => (search.near ? searchNear(search, search.near) : searchList(search)),
  };
}

/** Great-circle distance in km from `from` to the row of `m`, in SQL: the same haversine as core's `distanceKm`. */
function haversineKm(from: LatLng): RawBuilder<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_KM} * asin(min(1, sqrt(
    power(sin(radians(m.lat - ${from.lat}) / 2), 2)
    + cos(radians(${from.lat})) * cos(radians(m.lat)) * power(sin(radians(m.lng - ${from.lng}) / 2), 2)))))`;
}

/** Each term quoted (so nothing in it is FTS5 syntax) and matched as a word prefix; all must match. */
function ftsQuery(terms: string[]): string {
  return terms.map((term) => `"${term.replace(/"/g, '""')}"*`).join(' ');
}
