import type { DB } from "~/platform/db/db.server";
import type { Role } from "~/platform/db/schema";
import { nowIso } from "~/platform/db/values";
import { AREAS, mustLinkTo } from "~/modules/access/areas";
import { audit } from "~/modules/audit/service.server";
import { sendInvitation } from "~/modules/auth/service.server";
import { completeRequest } from "~/modules/issuing/queries.server";
import { defaultExpiryDate } from "~/modules/issuing/schema";
import { endOfDay, issue, type IssueOrder } from "~/modules/issuing/service.server";
import { notify } from "~/modules/notifications/service.server";
import { insertRequest, replaceFieldValues } from "~/modules/requests/queries.server";
import { findTemplate } from "~/modules/templates/queries.server";
import { templateDocument, templateGaps, type Template, type TemplateSubject } from "~/modules/templates/render.server";
import { messageWith } from "~/platform/forms/messages";
import { insertUser } from "~/modules/users/queries.server";
import { finishItem, type Claim } from "~/platform/jobs/queries.server";
import { LostClaim, type JobKind } from "~/platform/jobs/runner.server";
import type { BulkRowData } from "./check.server";
import { findBulkJobContext, findPerson } from "./queries.server";

/** The job kind of a bulk issuance. */
export const BULK_ISSUE = "BULK_ISSUE";

/**
 * An account made for a row has no password until its person sets one from the invitation: this is no argon2 hash, so
 * no password matches it (verifyPassword answers false).
 */
const NO_PASSWORD_YET = "!invited";

type BulkContext = NonNullable<Awaited<ReturnType<typeof findBulkJobContext>>> & { template: Template };

/** What a done row keeps: its request and document (the results list the code). */
export interface BulkRowResult {
  requestId: number;
  issuedDocumentId: number;
  code: string;
}

/** One row: its account (made and invited if new), its request (COMPLETED) and its document, or nothing at all. */
async function issueRow(db: DB, job: BulkContext, item: { data: string }, claim: Claim) {
  const data = JSON.parse(item.data) as BulkRowData;
  const { person, unverified } = await findPerson(db, data.nationalId, data.email);
  if (!person && unverified) {
    await finishItem(db, claim, { status: "FAILED", error: "bulk.ninNotVerified" });
    return;
  }
  if (person && (person.role !== "BENEFICIARY" || person.status !== "ACTIVE")) {
    await finishItem(db, claim, { status: "FAILED", error: "bulk.notBeneficiary" });
    return;
  }
  const names = person ?? {
    first_name_en: data.names.firstEn ?? "",
    father_name_en: data.names.fatherEn,
    last_name_en: data.names.lastEn ?? "",
    first_name_ar: data.names.firstAr ?? "",
    father_name_ar: data.names.fatherAr,
    last_name_ar: data.names.lastAr ?? "",
  };
  const subject: TemplateSubject = {
    first_name_en: names.first_name_en,
    father_name_en: names.father_name_en,
    last_name_en: names.last_name_en,
    first_name_ar: names.first_name_ar,
    father_name_ar: names.father_name_ar,
    last_name_ar: names.last_name_ar,
    nin: person?.nin ?? data.nationalId,
    category_en: job.category_en,
    category_ar: job.category_ar,
    fields: data.fields,
  };
  // Checked again as it runs (the account's names may have changed since the dry run).
  const gaps = templateGaps(job.template, subject);
  if (gaps.length) {
    await finishItem(db, claim, {
      status: "FAILED",
      error: messageWith("bulk.emptyPlaceholders", { names: gaps.join(", ") }),
    });
    return;
  }
  const actor = { userId: job.created_by, role: job.creator_role as Role, ip: null };
  const documentName = { en: job.category_en, ar: job.category_ar };
  const order: IssueOrder = {
    kind: "REQUEST",
    client: { id: job.client_id, en: job.client_en, ar: job.client_ar },
    beneficiaryId: person?.id ?? 0,
    issuer: actor,
    source: { name: `${job.category_en}.pdf`, draw: (facts) => templateDocument(db, job.template, subject, facts) },
    documentName,
    securePlusEnabled: false,
    expiry: endOfDay(data.expiry ?? defaultExpiryDate(job.validity_period_days)),
    categoryId: job.category_id!,
    createOwner: async (trx) => {
      let beneficiaryId = person?.id;
      if (!beneficiaryId) {
        beneficiaryId = await insertUser(trx, {
          email: data.email!,
          password_hash: NO_PASSWORD_YET,
          role: "BENEFICIARY",
          first_name_en: subject.first_name_en ?? "",
          father_name_en: subject.father_name_en,
          last_name_en: subject.last_name_en ?? "",
          first_name_ar: subject.first_name_ar ?? "",
          father_name_ar: subject.father_name_ar,
          last_name_ar: subject.last_name_ar ?? "",
          middle_name_en: null,
          middle_name_ar: null,
          phone: data.phone,
          nin: data.nationalId,
          sincera: 0,
        });
        await audit(trx, actor, {
          clientId: job.client_id,
          action: "beneficiary.create",
          entityType: "USERS",
          entityId: beneficiaryId,
          details: { email: data.email, jobId: job.id },
        });
        await sendInvitation(trx, beneficiaryId, actor);
      }
      const requestId = await insertRequest(trx, {
        beneficiaryId,
        clientId: job.client_id,
        categoryId: job.category_id!,
        requestMessage: "",
        securePlusEnabled: false,
      });
      await replaceFieldValues(trx, requestId, data.fields);
      await completeRequest(trx, requestId, false, nowIso());
      return { beneficiaryId, requestId };
    },
  };
  const issued = await issue(db, order, async (trx, document) => {
    const requestId = document.requestId!;
    await audit(trx, actor, {
      clientId: job.client_id,
      action: "request.bulk_issue",
      entityType: "DOCUMENT_REQUESTS",
      entityId: requestId,
      details: { jobId: job.id, issuedDocumentId: document.id, code: document.code },
    });
    const notice = {
      kind: "documentIssued" as const,
      link: mustLinkTo(AREAS.beneficiary, "myRequest", { id: requestId }),
      values: { id: requestId },
      bilingual: { name: documentName },
    };
    await notify(trx, document.beneficiaryId, notice, { mail: true });
    const result: BulkRowResult = { requestId, issuedDocumentId: document.id, code: document.code };
    if (!(await finishItem(trx, claim, { status: "DONE", result }))) throw new LostClaim();
  });
  if (!issued.ok) await finishItem(db, claim, { status: "FAILED", error: issued.error });
}

/** Bulk issuance as a job kind (docs/architecture.md §21): each item a row of the file, issued from the template. */
export const bulkIssuance: JobKind<BulkContext> = {
  kind: BULK_ISSUE,
  failure: "bulk.rowFailed",
  prepare: async (db, jobId) => {
    const job = await findBulkJobContext(db, jobId);
    const template = job?.category_id ? await findTemplate(db, job.category_id) : undefined;
    return job && template ? { ...job, template } : null;
  },
  run: (db, job, item, claim) => issueRow(db, job, item, claim),
};
