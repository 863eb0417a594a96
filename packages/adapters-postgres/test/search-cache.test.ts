import { searchCacheConformance } from '@islamic-data/test-fixtures';
import { sql } from 'kysely';
import { openPostgresDatabase, postgresStores, type PostgresDatabase } from '../src/index.js';
import { freshDatabase, startsPostgres } from './fresh-database.js';

describe('PostgreSQL search cache', () => {
  startsPostgres();
  const fresh = freshDatabase();
  const others: PostgresDatabase[] = [];
  after(() => Promise.all(others.map((database) => database.close())));

  searchCacheConformance('PostgreSQL, two instances’ pools on one database', async () => {
    const server = await fresh();
    const other = openPostgresDatabase(server.url, { maxConnections: 2 });
    others.push(other);
    return {
      server: postgresStores(server.db),
      other: postgresStores(other.db),
      // Held off by the replica role: the triggers that raise the versions. An empty vector, not null, which the
      // next write's indexing would fill again.
      emptyIndexBehindVersions: () =>
        other.db.connection().execute(async (connection) => {
          await sql`set session_replication_role = replica`.execute(connection);
          await sql`update quran_ayah_translations set search_vector = ''::tsvector`.execute(connection);
          await sql`set session_replication_role = origin`.execute(connection);
        }),
    };
  });
});
