import { PostgresAdapter, sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";

/**
 * The few places where SQLite and PostgreSQL differ, so that the queries elsewhere stay one portable set
 * (docs/architecture.md §5 and §19). Also portable by convention, not by helper: booleans are integer 0/1 (values.ts),
 * timestamps are ISO-8601 UTC text written by the app, ids are integers, `returning` and
 * `on conflict ... do update` are spelled the same on both.
 * The landed migrations carry their own two branches (ids, the `now` default): migrations are immutable.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database schema
export const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** `%`, `_` and the escape character itself are matched literally: a search for "50%" finds "50%". */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Whether a text column contains `q`, ignoring case (ASCII; Arabic has none), the same on both: SQLite's
 * LIKE ignores ASCII case and PostgreSQL's does not, and PostgreSQL's takes a backslash as its escape
 * by default while SQLite's has none, so both get lower() on each side and an explicit ESCAPE.
 */
export function containsText(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table
  eb: ExpressionBuilder<any, any>,
  column: string | Expression<unknown>,
  q: string,
): Expression<SqlBool> {
  const value = typeof column === "string" ? eb.ref(column) : column;
  return sql<SqlBool>`lower(${value}) like ${likePattern(q.toLowerCase())} escape '\\'`;
}
