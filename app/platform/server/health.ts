import { getDb, pingDatabase } from "~/platform/db/db.server";

/** `/healthz`: the database answers. */
export async function healthy(): Promise<boolean> {
  try {
    await pingDatabase(getDb());
    return true;
  } catch {
    return false;
  }
}
