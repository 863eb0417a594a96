import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { SharedDatabase } from '../schema.js';

/** Stands in for an argument while the query is built, so that its place among the bound parameters is known. */
class Slot {
  constructor(readonly index: number) {}
}

/** How a compiled query's parameters are filled: from an argument (its index) or a value written in the query. */
type Binding = { argument: number } | { value: unknown };

/** Runs the query with these arguments bound, answering its rows. */
export type PreparedQuery<Args extends readonly unknown[], Row> = (...args: Args) => Promise<Row[]>;

/**
 * A query built and compiled once, then run with fresh arguments. Building and compiling a Kysely query
 * costs more than SQLite takes to answer a read by primary key, and a small read makes several.
 *
 * `build` is called once, with stand-ins for the `arity` arguments (default: the parameters it declares);
 * each must be used only as a bound value (`where(column, '=', argument)`, `limit(argument)`), never as a
 * list or in SQL text: a stand-in that the compiled query does not bind is refused. The SQL is the
 * dialect's own, as `build` would have it compiled on each call.
 */
export function preparedQuery<Args extends readonly unknown[], Row>(
  db: Kysely<SharedDatabase>,
  build: (...args: Args) => Compilable<Row>,
  arity = build.length,
): PreparedQuery<Args, Row> {
  let compiled: { query: CompiledQuery<Row>; bindings: Binding[] } | undefined;
  return async (...args) => {
    compiled ??= compile(build, arity);
    const { query, bindings } = compiled;
    const parameters = bindings.map((binding) => ('argument' in binding ? args[binding.argument] : binding.value));
    const result = await db.executeQuery<Row>({
      query: query.query,
      queryId: query.queryId,
      sql: query.sql,
      parameters,
    });
    return result.rows;
  };
}

function compile<Args extends readonly unknown[], Row>(build: (...args: Args) => Compilable<Row>, arity: number) {
  const slots = Array.from({ length: arity }, (_, index) => new Slot(index));
  const query = build(...(slots as unknown as Args)).compile();
  const bindings: Binding[] = query.parameters.map((parameter) =>
    parameter instanceof Slot ? { argument: parameter.index } : { value: parameter },
  );
  const unbound = slots.find((slot) => !query.parameters.includes(slot));
  if (unbound) throw new Error(`preparedQuery: argument ${unbound.index} is not a bound value of:\n${query.sql}`);
  return { query, bindings };
}

/** Lists up to this long get a prepared query per length; longer ones are built on each call. */
const LONGEST_PREPARED_LIST = 8;

/**
 * `preparedQuery` for a query that also takes a list of values (`where(column, 'in', list)`), whose SQL has one
 * placeholder per value: prepared once per length of the list, `undefined` (no list) being a length of its own.
 */
export function preparedWithList<Args extends readonly unknown[], Item, Row>(
  db: Kysely<SharedDatabase>,
  build: (args: Args, list: Item[] | undefined) => Compilable<Row>,
): (args: Args, list: Item[] | undefined) => Promise<Row[]> {
  const byLength = new Map<number, PreparedQuery<unknown[], Row>>();
  return async (args, list) => {
    const length = list?.length ?? -1;
    if (length > LONGEST_PREPARED_LIST) return (await db.executeQuery(build(args, list))).rows;
    let prepared = byLength.get(length);
    if (!prepared) {
      const arity = args.length;
      prepared = preparedQuery(
        db,
        (...all: unknown[]) =>
          build(all.slice(0, arity) as unknown as Args, length < 0 ? undefined : (all.slice(arity) as Item[])),
        arity + Math.max(length, 0),
      );
      byLength.set(length, prepared);
    }
    return prepared(...args, ...(list ?? []));
  };
}
