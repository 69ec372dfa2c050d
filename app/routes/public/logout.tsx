import { data, redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { clientIpContext, userContext } from "~/middleware/context";
import { insertAuditEvent } from "~/modules/audit/queries.server";
import { destroyUserSession } from "~/modules/auth/session.server";
import { assertSameOrigin } from "~/modules/security/origin.server";
import { toastHeader } from "~/modules/toast/toast.server";
import type { Route } from "./+types/logout";

/** Logging out changes state, so it is POST only. */
export async function loader() {
  throw data({ reason: "method-not-allowed" }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const db = getDb();
  const user = context.get(userContext);
  const headers = new Headers();
  headers.append("Set-Cookie", await destroyUserSession(db, request));
  if (user) {
    await insertAuditEvent(db, {
      actorUserId: user.id,
      actorRole: user.role,
      action: "auth.sign_out",
      entityType: "USERS",
      entityId: user.id,
      ip: context.get(clientIpContext),
    });
  }
  headers.append("Set-Cookie", await toastHeader({ kind: "success", message: "auth.loggedOut" }));
  return redirect("/login", { headers });
}
