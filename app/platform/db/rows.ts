import type { Generated, Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { Database } from "./schema";
import { nowIso } from "./values";

/**
 * One row by its id: the insert, find, update and delete that every table with a numeric id needs,
 * written once so each module's queries file keeps only the queries that say something of its own.
 */
type Tables = Kysely<Database>;
type TableWithId = { [T in keyof Database]: Database[T] extends { id: Generated<number> } ? T : never }[keyof Database];
type TableWithUpdatedAt = { [T in TableWithId]: "updated_at" extends keyof Database[T] ? T : never }[TableWithId];

/**
 * Kysely cannot follow a table name that is a type parameter through its builder, so the helpers below
 * run on an untyped view of the same connection; their own signatures keep the callers typed.
 */
type Untyped = Kysely<Record<string, { id: number; updated_at: string }>>;
const untyped = (db: Tables) => db as unknown as Untyped;

/** Inserts a row and answers its id. */
export async function insertRow<T extends TableWithId>(
  db: Tables,
  table: T,
  values: Insertable<Database[T]>,
): Promise<number> {
  const row = await untyped(db)
    .insertInto(table as string)
    .values(values as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The row with this id, every column, or undefined. */
export function findRow<T extends TableWithId>(
  db: Tables,
  table: T,
  id: number,
): Promise<Selectable<Database[T]> | undefined> {
  return untyped(db)
    .selectFrom(table as string)
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst() as never;
}

/** Changes a row's columns and stamps its updated_at. */
export async function updateRow<T extends TableWithUpdatedAt>(
  db: Tables,
  table: T,
  id: number,
  values: Updateable<Database[T]>,
): Promise<void> {
  await untyped(db)
    .updateTable(table as string)
    .set({ ...(values as object), updated_at: nowIso() } as never)
    .where("id", "=", id)
    .execute();
}

/** Deletes the row with this id (nothing when there is none). */
export async function deleteRow(db: Tables, table: TableWithId, id: number): Promise<void> {
  await untyped(db)
    .deleteFrom(table as string)
    .where("id", "=", id)
    .execute();
}
