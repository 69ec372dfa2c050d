import { mustLinkTo, AREAS } from "~/modules/access/areas";
import { attachmentsOf } from "~/modules/files/queries.server";
import type { DB } from "~/db/db.server";
import type { ReviewStatus } from "~/db/schema";
import { audit, timelineOf, type AuditActor } from "~/modules/audit/service.server";
import { requiredFieldsOf } from "~/modules/catalogue/queries.server";
import { issuedForStaff } from "~/modules/issuing/holder-view.server";
import { fieldValuesOf, replaceFieldValues } from "./queries.server";
import { notify } from "~/modules/notifications/service.server";
import { findRequestForStaff, setAttachmentStatus, setRequestMessage, setRequestStatus } from "./staff-queries.server";
import { type BilingualNote } from "~/utils/bilingual";

export type StaffRequest = NonNullable<Awaited<ReturnType<typeof findRequestForStaff>>>;

export async function staffRequestView(db: DB, request: StaffRequest) {
  return {
    request,
    requiredFields: await requiredFieldsOf(db, request.document_category_id),
    fieldValues: await fieldValuesOf(db, request.id),
    attachments: await attachmentsOf(db, "DOCUMENT_REQUESTS", request.id),
    timeline: await timelineOf(db, "DOCUMENT_REQUESTS", request.id),
    ...(await issuedForStaff(db, { requestId: request.id })),
  };
}

/** The Update Status dialog's effect: status, SecurePlus and a note for the beneficiary; audited, notified. */
export async function changeRequestStatus(
  db: DB,
  request: StaffRequest,
  values: { status: "PENDING" | "APPROVED" | "REJECTED"; securePlusEnabled: boolean; note: BilingualNote },
  actor: AuditActor,
) {
  const hasNote = Boolean(values.note.en || values.note.ar);
  await db.transaction().execute(async (trx) => {
    await setRequestStatus(trx, request.id, {
      status: values.status,
      securePlusEnabled: values.securePlusEnabled,
      note: values.note,
    });
    await audit(trx, actor, {
      clientId: request.client_id,
      action: "request.status",
      entityType: "DOCUMENT_REQUESTS",
      entityId: request.id,
      details: {
        status: values.status,
        securePlusEnabled: values.securePlusEnabled,
        ...(hasNote ? { note: values.note } : {}),
      },
    });
    const notice = {
      kind: "requestStatus" as const,
      link: mustLinkTo(AREAS.beneficiary, "myRequest", { id: request.id }),
      values: { id: request.id },
      bilingual: { note: values.note },
      translated: { status: `status.${values.status}` },
      ...(hasNote ? {} : { bodyKey: "notifications.requestStatus.noNote" }),
    };
    await notify(trx, request.beneficiary_id, notice, { mail: true });
  });
}

export async function reviewAttachment(
  db: DB,
  request: StaffRequest,
  attachmentId: number,
  status: ReviewStatus,
  actor: AuditActor,
) {
  return db.transaction().execute(async (trx) => {
    if (!(await setAttachmentStatus(trx, request.id, attachmentId, status))) return false;
    await audit(trx, actor, {
      clientId: request.client_id,
      action: "request.document_review",
      entityType: "DOCUMENT_REQUESTS",
      entityId: request.id,
      details: { attachmentId, status },
    });
    return true;
  });
}

/** Staff correct the filled fields and the message; audited with what changed. */
export async function editRequestByStaff(
  db: DB,
  request: StaffRequest,
  values: { fields: Record<string, string | undefined>; requestMessage: string },
  actor: AuditActor,
) {
  const before = Object.fromEntries(
    (await fieldValuesOf(db, request.id)).map((field) => [field.field_name, field.field_value]),
  );
  const after = Object.fromEntries(Object.entries(values.fields).filter(([, value]) => value)) as Record<
    string,
    string
  >;
  await db.transaction().execute(async (trx) => {
    await replaceFieldValues(trx, request.id, after);
    await setRequestMessage(trx, request.id, values.requestMessage);
    await audit(trx, actor, {
      clientId: request.client_id,
      action: "request.fields",
      entityType: "DOCUMENT_REQUESTS",
      entityId: request.id,
      details: { before, after, messageChanged: values.requestMessage !== request.request_message },
    });
  });
}
