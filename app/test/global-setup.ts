import pg from "pg";
import { migrateToLatest, openDatabase } from "~/platform/db/db.server";
import { TEMPLATE_DATABASE } from "./test-databases";

/** On PostgreSQL, migrates the template database each test database is copied from (app/test/db.ts). */
export default async function setup() {
  const adminUrl = process.env.POSTGRES_ADMIN_URL;
  if (!adminUrl) return;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists "${TEMPLATE_DATABASE}" with (force)`);
  await client.query(`create database "${TEMPLATE_DATABASE}"`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${TEMPLATE_DATABASE}`;
  const db = openDatabase(url.toString());
  await migrateToLatest(db);
  await db.destroy();
  console.log("vitest: on PostgreSQL");
}
