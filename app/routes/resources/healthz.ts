import { sql } from "kysely";
import { getDb } from "~/db/db.server";

export async function loader() {
  await sql`select 1`.execute(getDb());
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
