import { getDb, pingDatabase } from "~/platform/db/db.server";

export async function loader() {
  await pingDatabase(getDb());
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
