import {
  PUBLIC_COLUMNS_OF_M,
  fromPublicMosqueRow,
  kyselyMosqueReads,
  nearestInBoxes,
} from '@islamic-data/adapters-kysely';
import {
  EARTH_RADIUS_KM,
  type LatLng,
  type MosqueHit,
  type MosqueRecord,
  type MosqueSearch,
  type MosqueStore,
} from '@islamic-data/core';
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../schema.js';
import { toMosqueRow } from '../tables/mosques/mosques.table.js';

/** Rows per multi-row INSERT when seeding: 23 parameters a row, well under PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 1_000;

/**
 * Mosques, each row carrying its own search columns (the point the GiST index covers, the lexemes
 * the GIN index covers), so that a write and its indexing are one statement.
 */
export function postgresMosqueStore(trx: Kysely<Database>): MosqueStore {
  async function insertMany(records: MosqueRecord[]): Promise<void> {
    for (let start = 0; start < records.length; start += ROWS_PER_INSERT) {
      await trx
        .insertInto('mosques')
        .values(records.slice(start, start + ROWS_PER_INSERT).map(toMosqueRow))
        .execute();
    }
  }

  /** Published, country and city, on a query that has the mosques table as `m`. */
  // Any query over `mosques as m`, whatever else it selects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  function filtered<QB extends SelectQueryBuilder<any, any, any>>(query: QB, search: MosqueSearch): QB {
    // Literal, not a parameter: it is the predicate of the partial GiST index.
    let result = query.where(sql<boolean>`m.status = 'published'`) as QB;
    if (search.country !== undefined) result = result.where('m.country', '=', search.country) as QB;
    if (search.city !== undefined) result = result.where('m.city_key', '=', search.city) as QB;
    if (search.terms?.length)
      result = result.where(sql<boolean>`m.search_lexemes @@ ${prefixQuery(search.terms)}`) as QB;
    return result;
  }

  /** Without `near`: slug order. */
  async function searchList(search: MosqueSearch): Promise<MosqueHit[]> {
    const rows = await filtered(trx.selectFrom('mosques as m').select(PUBLIC_COLUMNS_OF_M), search)
      .orderBy('m.slug')
      .limit(search.limit)
      .execute();
    return rows.map((row) => ({ mosque: fromPublicMosqueRow(row) }));
  }

  /**
   * With `near`: the GiST index yields the published mosques in the circle's bounding box(es),
   * PostgreSQL computes the haversine distance (the formula of core's `distanceKm`), keeps those
   * within the radius and returns the nearest. Across the antimeridian there are two boxes
   * (nearestInBoxes merges them).
   */
  function searchNear(search: MosqueSearch, near: LatLng & { radiusKm: number }): Promise<MosqueHit[]> {
    const distance = haversineKm(near);
    return nearestInBoxes(near, search.limit, (box) => {
      const inBox = sql<boolean>`point(m.lng, m.lat) <@ box(point(${box.minLng}::float8, ${box.minLat}::float8),
        point(${box.maxLng}::float8, ${box.maxLat}::float8))`;
      return filtered(
        trx
          .selectFrom('mosques as m')
          .where(inBox)
          .where(distance, '<=', near.radiusKm)
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
    },

    searchPublished: (search) => (search.near ? searchNear(search, search.near) : searchList(search)),
  };
}

/** Great-circle distance in km from `from` to the row of `m`, in SQL: the same haversine as core's `distanceKm`. */
function haversineKm(from: LatLng): RawBuilder<number> {
  const lat = sql`${from.lat}::float8`;
  const lng = sql`${from.lng}::float8`;
  return sql<number>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
    power(sin(radians(m.lat - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(m.lat)) * power(sin(radians(m.lng - ${lng}) / 2), 2)))))`;
}

/**
 * Each term as a quoted lexeme matched as a prefix (`'term':*`), all of them required. Built as
 * tsquery text, not parsed by a text search configuration, so nothing in a term is syntax.
 */
function prefixQuery(terms: string[]): RawBuilder<string> {
  const query = terms.map((term) => `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}':*`).join(' & ');
  return sql<string>`${query}::tsquery`;
}
