import type { InferResult, Kysely, SelectQueryBuilder } from "kysely";
import { jsonArrayFrom as postgresJsonArray } from "kysely/helpers/postgres";
import { jsonArrayFrom as sqliteJsonArray } from "kysely/helpers/sqlite";
import { isPostgres } from "./dialect";
import { prepared } from "./prepared.server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database schema
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query of any schema
type Lists = Record<string, SelectQueryBuilder<any, any, any>>;
type ListsOf<L extends Lists> = { [Name in keyof L]: InferResult<L[Name]> };

/**
 * Several lists read in one round trip: each query's rows come back as a JSON array in a column of one row
 * (docs/architecture.md §11: on PostgreSQL each query is a round trip, and a page of seven lists spent most of its
 * time sending them). `build` makes the lists from its arguments as `prepared` wants it (values passed through, no
 * branching on them): the query is compiled once, its JSON wrapping being costlier to build than the lists are to
 * read. Each list selects its columns by name (SQLite's `json_object` needs them) and keeps its own order; the
 * values are those of the portable schema (text, integers, null), which JSON carries unchanged.
 */
export function preparedLists<D extends AnyDb, A extends unknown[], L extends Lists>(build: (db: D, ...args: A) => L) {
  const query = prepared((db: D, ...args: A) => {
    const jsonArray = isPostgres(db) ? postgresJsonArray : sqliteJsonArray;
    return db.selectNoFrom(Object.entries(build(db, ...args)).map(([name, list]) => jsonArray(list).as(name)));
  });
  return async (db: D, ...args: A): Promise<ListsOf<L>> => {
    const row = (await db.executeQuery(query(db, ...args))).rows[0] as Record<string, unknown>;
    // PostgreSQL's driver parses json itself; SQLite's gives its text.
    return Object.fromEntries(
      Object.entries(row).map(([name, value]) => [name, typeof value === "string" ? JSON.parse(value) : value]),
    ) as ListsOf<L>;
  };
}
