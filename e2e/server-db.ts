import Database from "better-sqlite3";
import pg from "pg";

/**
 * The database of a server under test, SQLite or PostgreSQL (the http project runs on both), read and
 * written with plain SQL: `?` placeholders, counts as numbers.
 */
export interface ServerDatabase {
  all<T = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<T[]>;
  get<T = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<T | undefined>;
  run(text: string, ...params: unknown[]): Promise<void>;
  /** The app's tables, without the migrator's. */
  tables(): Promise<string[]>;
  close(): Promise<void>;
}

const numbers = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    oid === 20 || oid === 1700 ? Number : pg.types.getTypeParser(oid, format),
};

export async function openServerDatabase(url: string, options: { readonly?: boolean } = {}): Promise<ServerDatabase> {
  if (/^postgres(ql)?:/.test(url)) {
    const client = new pg.Client({ connectionString: url, types: numbers });
    await client.connect();
    const numbered = (text: string) => {
      let n = 0;
      return text.replace(/\?/g, () => `$${++n}`);
    };
    const all = async <T>(text: string, ...params: unknown[]) =>
      (await client.query(numbered(text), params)).rows as T[];
    return {
      all,
      get: async <T>(text: string, ...params: unknown[]) => (await all<T>(text, ...params))[0],
      run: async (text, ...params) => void (await client.query(numbered(text), params)),
      tables: async () =>
        (
          await all<{ name: string }>(
            "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT LIKE 'kysely_%'",
          )
        ).map((row) => row.name),
      close: () => client.end(),
    };
  }
  const db = new Database(url.replace(/^file:/, ""), {
    readonly: options.readonly ?? false,
    fileMustExist: true,
    timeout: 5000,
  });
  const all = async <T>(text: string, ...params: unknown[]) => db.prepare(text).all(...params) as T[];
  return {
    all,
    get: async (text, ...params) => db.prepare(text).get(...params) as never,
    run: async (text, ...params) => void db.prepare(text).run(...params),
    tables: async () =>
      (
        await all<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'",
        )
      ).map((row) => row.name),
    close: async () => void db.close(),
  };
}
