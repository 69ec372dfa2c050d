import { redirect, href } from "react-router";
import { postOnly } from "~/platform/http/body.server";
import { getDb } from "~/platform/db/db.server";
import { principalOf } from "~/modules/access/require.server";
import { audit } from "~/modules/audit/service.server";
import { destroyUserSession } from "~/modules/auth/session.server";
import { toastHeader } from "~/platform/toast/toast.server";
import { closePendingSignIns } from "~/modules/two-factor/pending.server";
import type { Route } from "./+types/logout";

/** Logging out changes state, so it is POST only. */
export async function loader() {
  throw postOnly();
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  const principal = principalOf(context);
  const headers = new Headers();
  headers.append("Set-Cookie", await destroyUserSession(db, request));
  if (principal.userId !== null) {
    await closePendingSignIns(db, principal.userId);
    await audit(db, principal, { action: "auth.sign_out", entityType: "USERS", entityId: principal.userId });
  }
  headers.append("Set-Cookie", toastHeader({ kind: "success", message: "auth.loggedOut" }));
  return redirect(href("/login"), { headers });
}
