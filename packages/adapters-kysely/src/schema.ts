import type { Kysely } from 'kysely';
import type { ApiKeysTable } from './tables/api-keys.table.js';
import type { AuditLogTable } from './tables/audit-log.table.js';
import type { ContentVersionsTable } from './tables/content-versions.table.js';
import type { EditionsTable } from './tables/editions.table.js';
import type { KeyRequestsTable } from './tables/key-requests.table.js';
import type { HadithTables } from './tables/hadith/index.js';
import type { MosquesTable } from './tables/mosques/mosques.table.js';
import type { PrecomputedAnswersTable } from './tables/precomputed-answers.table.js';
import type { QuranTables } from './tables/quran/index.js';

interface FoundationTables {
  api_keys: ApiKeysTable;
  audit_log: AuditLogTable;
  editions: EditionsTable;
  content_versions: ContentVersionsTable;
}

/**
 * The tables and columns both dialects have, as Kysely sees them. Each dialect's `Database` extends it
 * with its own: SQLite's R*Tree and FTS5 tables, PostgreSQL's search columns.
 */
export interface SharedDatabase extends FoundationTables, QuranTables, HadithTables {
  mosques: MosquesTable;
  key_requests: KeyRequestsTable;
  /** Answers computed ahead of their requests: not content (no content area counts them). */
  precomputed_answers: PrecomputedAnswersTable;
}

/**
 * `db` (the database or a transaction) seen as the shared tables only. Kysely's handle is invariant in its
 * table map, so a dialect's wider one is narrowed here, in one place: a query over the shared tables is valid
 * on every database that has them.
 */
export function sharedTables<DB extends SharedDatabase>(db: Kysely<DB>): Kysely<SharedDatabase> {
  return db as unknown as Kysely<SharedDatabase>;
}
