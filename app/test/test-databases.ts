import pg from "pg";
import { openDatabase, type DB } from "~/platform/db/db.server";

/**
 * The suite runs on SQLite (in memory), or on PostgreSQL when POSTGRES_ADMIN_URL names a server
 * (`node scripts/postgres.mjs npx vitest run` starts one): each test database is then a copy of a
 * migrated template database (global-setup.ts), dropped after the test. Kept apart from db.ts, which
 * reaches the services, so that the setup every test file runs stays light.
 */
const adminUrl = process.env.POSTGRES_ADMIN_URL;
export const TEMPLATE_DATABASE = "attest_template";
export const onPostgres = Boolean(adminUrl);
/** The PostgreSQL databases the running test made. */
export const created: string[] = [];
let counter = 0;

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function newPostgresDatabase(template: string | null): Promise<DB> {
  const name = `t_${process.pid}_${++counter}`;
  await adminQuery(`create database "${name}"${template ? ` template "${template}"` : ""}`);
  created.push(name);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return openDatabase(url.toString());
}

/** Drops the PostgreSQL databases of the test that ended (after its connections closed). */
export async function dropTestDatabases() {
  const names = created.splice(0);
  for (const name of names) await adminQuery(`drop database if exists "${name}" with (force)`);
}
