import type { Compilable, CompiledQuery, Kysely } from "kysely";

/** The text of every prepared query, named: PostgreSQL keeps them prepared on each connection (postgres.server.ts). */
const statementNames = new Map<string, string>();

/** The name a prepared query's SQL goes by, or undefined for any other query. */
export const statementNameOf = (sql: string) => statementNames.get(sql);

/** Stands for the builder's argument `index` while the query is compiled. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query of fixed shape compiled once per dialect instead of on every call (docs/architecture.md §11: building and
 * compiling a Kysely query costs more than SQLite running it). `build` is called once with stand-ins
 * for its arguments, so it must only pass them through as values: no branching on them, no
 * arithmetic with them. Each call fills the real values into the compiled parameters.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database schema
export function prepared<D extends Kysely<any>, A extends unknown[], O>(build: (db: D, ...args: A) => Compilable<O>) {
  const compiledFor = new WeakMap<object, { query: CompiledQuery<O>; arity: number }>();
  return (db: D, ...args: A): CompiledQuery<O> => {
    // A transaction shares its database's adapter, so it reuses the same compiled query.
    const adapter = db.getExecutor().adapter;
    let compiled = compiledFor.get(adapter);
    if (!compiled) {
      const slots = args.map((_, index) => new Slot(index)) as A;
      compiled = { query: build(db, ...slots).compile(), arity: args.length };
      compiledFor.set(adapter, compiled);
      if (!statementNames.has(compiled.query.sql))
        statementNames.set(compiled.query.sql, `prepared_${statementNames.size + 1}`);
    }
    if (args.length !== compiled.arity)
      throw new Error("a prepared query is called with as many arguments as it was built with");
    const parameters = compiled.query.parameters.map((value) => (value instanceof Slot ? args[value.index] : value));
    return { ...compiled.query, parameters };
  };
}
