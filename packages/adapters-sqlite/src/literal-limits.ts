import { SqliteDialect, SqliteQueryCompiler, ValueNode, type LimitNode, type QueryCompiler } from 'kysely';

/**
 * The largest LIMIT written into the SQL as a literal: the pages of hadiths, mosques and search hits (up to 100, or
 * one more to see whether another page follows), so that a query has at most this many spellings among the cached
 * statements (statement-cache.ts). A larger one (a page of up to 1,000 words of a root) stays a bound parameter.
 */
export const LARGEST_LITERAL_LIMIT = 256;

const literalLimit = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= LARGEST_LITERAL_LIMIT;

/**
 * SQLite (3.51, as better-sqlite3 bundles it) plans a query with the value bound to its LIMIT, and marks that
 * parameter so that binding it again expires the statement (`sqlite3ExprIsInteger` in sqlite3.c). better-sqlite3
 * binds every parameter at each run, so a statement whose LIMIT was a parameter was parsed and planned again at every
 * run, cached or not. Through the stores, CPU per call, bound against literal: a search for mosques near a point
 * 194 against 85 µs (5 km around Makkah) and 719 against 524 µs (50 km around London); a page of 50 hadiths 1,353
 * against 1,272 µs. Kysely binds `.limit(n)`; this compiler writes a page-sized one as a literal instead (a stand-in
 * of `preparedQuery` is no number and stays bound).
 */
class LiteralLimitCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const { limit } = node;
    if (!ValueNode.is(limit) || !literalLimit(limit.value)) return super.visitLimit(node);
    this.append(`limit ${limit.value}`);
  }
}

/** Kysely's SQLite dialect, with LIMITs written as literals (`LiteralLimitCompiler`). */
export class SqliteDialectWithLiteralLimits extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new LiteralLimitCompiler();
  }
}
