import { searchCacheConformance } from '@islamic-data/test-fixtures';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase, sqliteStores, type SqliteDatabase } from '../src/index.js';

describe('SQLite search cache', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-search-cache-'));
  const opened: SqliteDatabase[] = [];
  after(async () => {
    await Promise.all(opened.map((database) => database.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  searchCacheConformance('SQLite, a server and another process on one file', async () => {
    const file = path.join(dir, 'search.db');
    const server = openDatabase(file);
    await migrateToLatest(server.db);
    const other = openDatabase(file);
    opened.push(server, other);
    return {
      server: sqliteStores(server.db),
      other: sqliteStores(other.db),
      // The full-text tables have no trigger that raises a content version.
      emptyIndexBehindVersions: async () => {
        other.sqlite.exec('delete from quran_search_stemmed; delete from quran_search_folded');
      },
    };
  });
});
