import type { RouterContextProvider } from "react-router";
import { getDb } from "~/db/db.server";
import { requireUser } from "~/middleware/guard.server";
import { requireManage, staffScopeOf } from "./scope.server";
import { requestInScope } from "./staff.server";

/** Screens that change a request: a managing staff user and the request (null when the id is unknown). */
export async function managedRequest(context: Readonly<RouterContextProvider>, request: Request, id: string) {
  const user = requireUser(context, request);
  const scope = staffScopeOf(user);
  requireManage(scope);
  const db = getDb();
  return { user, scope, db, found: await requestInScope(db, Number(id), scope) };
}
