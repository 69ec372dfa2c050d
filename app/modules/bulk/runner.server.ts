import crypto from "node:crypto";
import os from "node:os";
import type { DB } from "~/db/db.server";
import { getDb } from "~/db/db.server";
import type { Role } from "~/db/schema";
import { nowIso } from "~/db/values";
import { AREAS, mustLinkTo } from "~/modules/access/areas";
import { audit } from "~/modules/audit/service.server";
import { sendInvitation } from "~/modules/auth/invitations.server";
import { defaultExpiryDate } from "~/modules/issuing/schema";
import { completeRequest } from "~/modules/issuing/queries.server";
import { endOfDay, issue, type IssueOrder } from "~/modules/issuing/service.server";
import { notify } from "~/modules/notifications/service.server";
import { insertRequest, replaceFieldValues } from "~/modules/requests/queries.server";
import { findTemplate } from "~/modules/templates/queries.server";
import { templateDocument, type Template, type TemplateSubject } from "~/modules/templates/render.server";
import { insertUser } from "~/modules/users/queries.server";
import { env } from "~/utils/env.server";
import type { BulkRowData } from "./check.server";
import {
  claimRows,
  findClaimableJob,
  findJobContext,
  findPerson,
  finishJobIfComplete,
  finishRow,
} from "./queries.server";

/** Rows claimed at once, and how many of them are in flight together (drawing in the stamp's thread while another signs). */
const CHUNK = 10;
const IN_FLIGHT = 2;
const POLL_MS = 500;
/**
 * An account made for a row has no password until its person sets one from the invitation: this is no argon2 hash, so
 * no password matches it (verifyPassword answers false).
 */
const NO_PASSWORD_YET = "!invited";

type JobContext = NonNullable<Awaited<ReturnType<typeof findJobContext>>>;
type Claim = { id: number; claimer: string; until: string };

/** Thrown inside a row's transaction when its claim was lost to another server: the row's work is undone. */
class LostClaim extends Error {}

/** One row: its account (made and invited if new), its request (COMPLETED) and its document, or nothing at all. */
async function issueRow(db: DB, job: JobContext, template: Template, row: { id: number; data: string }, claim: Claim) {
  const data = JSON.parse(row.data) as BulkRowData;
  const person = await findPerson(db, data.nationalId, data.email);
  if (person && (person.role !== "BENEFICIARY" || person.status !== "ACTIVE"))
    return finishRow(db, claim, { status: "FAILED", error: "bulk.notBeneficiary" });
  const names = person
    ? person
    : {
        first_name_en: data.names.firstEn ?? "",
        father_name_en: data.names.fatherEn,
        last_name_en: data.names.lastEn ?? "",
        first_name_ar: data.names.firstAr ?? "",
        father_name_ar: data.names.fatherAr,
        last_name_ar: data.names.lastAr ?? "",
      };
  const subject: TemplateSubject = {
    ...names,
    nin: person?.nin ?? data.nationalId,
    category_en: job.category_en,
    category_ar: job.category_ar,
    fields: data.fields,
  };
  const actor = { userId: job.created_by, role: job.creator_role as Role, ip: null };
  const documentName = { en: job.category_en, ar: job.category_ar };
  const order: IssueOrder = {
    kind: "REQUEST",
    client: { id: job.client_id, en: job.client_en, ar: job.client_ar },
    beneficiaryId: person?.id ?? 0,
    issuer: actor,
    source: {
      name: `${job.category_en}.pdf`,
      draw: (facts) => templateDocument(db, template, subject, facts),
    },
    documentName,
    securePlusEnabled: false,
    expiry: endOfDay(data.expiry ?? defaultExpiryDate(job.validity_period_days)),
    categoryId: job.category_id,
    createOwner: async (trx) => {
      let beneficiaryId = person?.id;
      if (!beneficiaryId) {
        beneficiaryId = await insertUser(trx, {
          email: data.email!,
          password_hash: NO_PASSWORD_YET,
          role: "BENEFICIARY",
          ...names,
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
        categoryId: job.category_id,
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
    await notify(
      trx,
      document.beneficiaryId,
      {
        kind: "documentIssued",
        link: mustLinkTo(AREAS.beneficiary, "myRequest", { id: requestId }),
        bilingual: { name: documentName },
      },
      { mail: true },
    );
    const recorded = await finishRow(trx, claim, {
      status: "DONE",
      requestId,
      issuedDocumentId: document.id,
      code: document.code,
    });
    if (!recorded) throw new LostClaim();
  });
  if (!issued.ok) await finishRow(db, claim, { status: "FAILED", error: issued.error });
}

/** A row's work, whatever happens: a lost claim is left to its new holder; any other failure marks the row FAILED. */
async function runRow(db: DB, job: JobContext, template: Template, row: { id: number; data: string }, claim: Claim) {
  try {
    await issueRow(db, job, template, row, claim);
  } catch (error) {
    if (error instanceof LostClaim) return;
    console.error(`Bulk job ${job.id}, row ${row.id}:`, error);
    await finishRow(db, claim, { status: "FAILED", error: "bulk.rowFailed" }).catch(() => {});
  }
}

/** This server's name in its claims: host, process and a random part (a restarted process is another claimer). */
const CLAIMER = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;

/**
 * Claims a chunk of a running job's rows and issues them (docs/architecture.md §21); returns how many rows it took.
 * Several servers, and several processes of each, run this at once and share the job.
 */
export async function runBulkChunk(db: DB, claimer = CLAIMER, now = new Date()): Promise<number> {
  const jobId = await findClaimableJob(db, now.toISOString());
  if (jobId === undefined) return 0;
  const job = await findJobContext(db, jobId);
  const template = job ? await findTemplate(db, job.category_id) : undefined;
  const until = new Date(now.getTime() + env.bulkClaimMs).toISOString();
  const rows = await claimRows(db, jobId, claimer, CHUNK, now.toISOString(), until);
  if (!job || !template) {
    for (const row of rows)
      await finishRow(db, { id: row.id, claimer, until }, { status: "FAILED", error: "bulk.noTemplate" });
  } else {
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++];
        await runRow(db, job, template, row, { id: row.id, claimer, until });
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  }
  await finishJobIfComplete(db, jobId);
  return rows.length;
}

let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<unknown> = Promise.resolve();
let stopped = true;

/** Runs in every request worker of every server: each takes chunks while there are rows, then polls. */
export function startBulkRunner() {
  if (!stopped) return;
  stopped = false;
  const loop = async () => {
    if (stopped) return;
    let taken = 0;
    running = runBulkChunk(getDb())
      .then((count) => {
        taken = count;
      })
      .catch((error) => console.error("Bulk runner:", error));
    await running;
    if (!stopped) timer = setTimeout(loop, taken > 0 ? 0 : POLL_MS).unref();
  };
  timer = setTimeout(loop, POLL_MS).unref();
}

/** Stops taking chunks and waits for the one in hand. */
export async function stopBulkRunner() {
  stopped = true;
  clearTimeout(timer);
  await running;
}
