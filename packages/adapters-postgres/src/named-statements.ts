import type pg from 'pg';

/** Distinct statements a pool names: past them a statement is sent unnamed, parsed and planned each time. */
export const MAX_NAMED_STATEMENTS = 500;

/** SQLSTATE 0A000 with this message: a named `select *` whose table a migration has changed since it was parsed. */
const STALE_PLAN = /cached plan must not change result type/;

/**
 * The name of each statement text, shared by the connections of one pool. PostgreSQL parses and plans an
 * unnamed statement on every execution; a named one is parsed once per connection (pg sends Parse only the
 * first time) and its plan is kept. The texts are Kysely's, a fixed set of query shapes with bound
 * parameters, so they are few; the cap bounds what each connection keeps should one ever embed a value.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  /** Raised when the names are forgotten: new names make every connection parse its statements again. */
  private generation = 0;

  nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < MAX_NAMED_STATEMENTS) {
      name = `s${this.generation}_${this.names.size}`;
      this.names.set(text, name);
    }
    return name;
  }

  forget(): void {
    this.names.clear();
    this.generation++;
  }
}

type Query = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Sends the reads Kysely makes outside a transaction as named statements on `client` (writes and whatever
 * runs in a transaction stay unnamed: they are rare, and a failed statement there could not be retried).
 * Kysely opens and ends its transactions with exactly `begin`, `commit` and `rollback` (a search opens its own with
 * `begin; set local …`, search-budget.ts). When a migration has changed a table under a named read, the names are
 * forgotten and the read is sent again, unnamed.
 */
export function namingStatements(client: pg.PoolClient, names: StatementNames): void {
  const query = client.query.bind(client) as Query;
  let inTransaction = false;
  const named: Query = (text, values, callback) => {
    if (typeof text !== 'string' || !Array.isArray(values) || callback !== undefined)
      return query(text, values, callback);
    if (text === 'begin' || text.startsWith('begin;')) inTransaction = true;
    else if (text === 'commit' || text === 'rollback') inTransaction = false;
    const name = inTransaction || !text.startsWith('select') ? undefined : names.nameOf(text);
    if (name === undefined) return query(text, values);
    return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      if ((error as { code?: string }).code !== '0A000' || !STALE_PLAN.test(String((error as Error).message)))
        throw error;
      names.forget();
      return query(text, values);
    });
  };
  client.query = named as typeof client.query;
}
