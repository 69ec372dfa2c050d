import type { DB } from "~/db/db.server";
import type { SessionUser } from "~/modules/auth/session-user";
import { fileOwners } from "./queries.server";

/**
 * A user may open a stored file when it belongs to their own request, draft or document, or, for staff,
 * to a request or document of their client; super and service admins see all (DESIGN sections 8, 10).
 */
export async function canOpenFile(db: DB, user: SessionUser, fileId: number): Promise<{ name: string } | null> {
  const { requestAttachment, draftAttachment, issued } = await fileOwners(db, fileId);
  const isAdmin = user.role === "SUPER_ADMIN" || user.role === "SERVICE_ADMIN";
  const isStaffOf = (clientId: number) => (user.role === "CLERK" || user.role === "CLIENT_ADMIN") && user.client?.id === clientId;
  for (const owner of [requestAttachment, issued]) {
    if (owner && (owner.beneficiary_id === user.id || isAdmin || isStaffOf(owner.client_id))) return { name: owner.document_name };
  }
  if (draftAttachment && draftAttachment.beneficiary_id === user.id) return { name: draftAttachment.document_name };
  return null;
}
