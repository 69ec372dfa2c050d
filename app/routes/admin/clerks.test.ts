import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import { countSessions } from "~/modules/auth/queries.server";
import { createUserSession } from "~/modules/auth/session.server";
import { deliverDueMail, mailTransport } from "~/platform/mail/sender.server";
import { auditEventsSinceSeed, createSeededTestDb, sessionUserOf } from "~/test/db";
import { makeContext, run, statusOf, postAs, openAs } from "~/test/route";
import { startSmtpServer } from "~/test/smtp";
import * as clerkDetail from "./clerk";
import * as clerkForm from "./clerk-form";
import { signIn } from "~/modules/auth/service.server";
import * as reset from "../public/reset-password";
import * as staffRequest from "../requests/staff-request";
import * as clerkList from "./clerks";

const smtp = await startSmtpServer();

let db: DB;
beforeEach(async () => {
  db = await createSeededTestDb();
});

const newClerk = {
  "firstName.english": "Sami",
  "firstName.arabic": "سامي",
  "lastName.english": "Nasser",
  "lastName.arabic": "ناصر",
  email: "Sami.Nasser@Example.com",
  phone: "0791234567",
  nin: "9871234560",
  jobTitle: "Archivist",
};
const errorsOf = (outcome: { data: unknown }) => (outcome.data as { error: Record<string, string[] | null> }).error;
const clerkRow = (email: string) =>
  db
    .selectFrom("users")
    .innerJoin("clerks", "clerks.user_id", "users.id")
    .select(["users.id", "users.status", "clerks.client_id", "clerks.job_title"])
    .where("users.email", "=", email)
    .executeTakeFirst();

/** The demo clerk approves one of their client's pending requests (an audited action on a request). */
async function clerkActs() {
  const clerk = await sessionUserOf(db, "clerk@example.com");
  const request = await db
    .selectFrom("document_requests")
    .select("id")
    .where("client_id", "=", clerk.client!.id)
    .where("status", "=", "PENDING")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const path = `/clerks/document-categories/request/${request.id}`;
  const done = await postAs(
    makeContext({ user: clerk }),
    staffRequest.action,
    path,
    { intent: "status", status: "APPROVED", securePlusEnabled: "false" },
    { id: String(request.id) },
  );
  expect(done.status).toBe(302);
  return request.id;
}

async function asClientAdmin() {
  const admin = await sessionUserOf(db, "clientadmin@example.com");
  return { admin, context: () => makeContext({ user: admin, area: "client-admin" }) };
}

describe("client staff", () => {
  it("a client admin creates a clerk of their own client, whatever client is posted, and is mailed an invitation", async () => {
    const { admin, context } = await asClientAdmin();
    const created = await postAs(context(), clerkForm.action, "/client-admin/clerks/create", {
      ...newClerk,
      clientId: "999",
    });
    expect(created.status).toBe(302);
    const clerk = await clerkRow("sami.nasser@example.com");
    expect(clerk).toMatchObject({ status: "ACTIVE", client_id: admin.client!.id, job_title: "Archivist" });
    expect(created.headers.get("Location")).toBe(`/client-admin/clerks/${clerk!.id}`);
    expect(await db.selectFrom("account_tokens").select("purpose").where("user_id", "=", clerk!.id).execute()).toEqual([
      { purpose: "INVITE" },
    ]);
    expect((await auditEventsSinceSeed(db, "clerk.create")).map((event) => event.client_id)).toEqual([
      admin.client!.id,
    ]);
  });

  it("an invited clerk chooses a password from the mail's link and signs in", async () => {
    const { context } = await asClientAdmin();
    await postAs(context(), clerkForm.action, "/client-admin/clerks/create", newClerk);
    await deliverDueMail(db, mailTransport(smtp.url));
    const mail = smtp.received.at(-1)!;
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("sami.nasser@example.com");
    const token = new URL(smtp.linkIn(mail)!).searchParams.get("token")!;
    const chosen = await postAs(makeContext(), reset.action, "/reset-password", {
      token,
      password: "Clerk-Chosen-1",
      confirmPassword: "Clerk-Chosen-1",
    });
    expect(chosen.status).toBe(302);
    const signedIn = await signIn(db, "sami.nasser@example.com", "Clerk-Chosen-1", null);
    expect(signedIn.ok && signedIn.user.role).toBe("CLERK");
  });

  it("lists the client's clerks only: work view and access view; another client's clerk is 404", async () => {
    const { admin, context } = await asClientAdmin();
    type ClerkRows = { rows: { email: string; client_id: number; requests_handled: number }[]; view: string };
    const listed = async () => openAs(context(), clerkList.loader, "/client-admin/clerks");
    // The demo clerk decided the demo's requests already; one more request acted on counts once.
    const before = Number(((await listed()).data as ClerkRows).rows[0].requests_handled);
    await clerkActs();
    const work = await listed();
    const rows = (work.data as ClerkRows).rows;
    expect(rows.map((row) => row.email)).toEqual(["clerk@example.com"]);
    expect(rows.every((row) => row.client_id === admin.client!.id)).toBe(true);
    expect((work.data as { view: string }).view).toBe("work");
    expect(Number(rows[0].requests_handled)).toBe(before + 1);
    const access = await openAs(context(), clerkList.loader, "/client-admin/clerk-users");
    expect((access.data as { view: string }).view).toBe("access");

    const other = await sessionUserOf(db, "clerk2@example.com");
    expect(
      await statusOf(clerkDetail.loader, new Request(`http://localhost/client-admin/clerks/${other.id}`), context(), {
        id: String(other.id),
      }),
    ).toBe(404);
    const post = await postAs(
      context(),
      clerkDetail.action,
      `/client-admin/clerks/${other.id}`,
      { intent: "deactivate" },
      { id: String(other.id) },
    );
    expect(post.status).toBe(404);
    expect((await clerkRow("clerk2@example.com"))!.status).toBe("ACTIVE");
    const edit = await postAs(context(), clerkForm.action, `/client-admin/clerks/edit/${other.id}`, newClerk, {
      id: String(other.id),
    });
    expect(edit.status).toBe(404);
  });

  it("deactivating ends the clerk's sessions; sign out everywhere ends them and keeps the account; a reset link is mailed", async () => {
    const { context } = await asClientAdmin();
    const requestId = await clerkActs();
    const clerk = await sessionUserOf(db, "clerk@example.com");
    await createUserSession(db, clerk.id, { ip: null, userAgent: null });
    await createUserSession(db, clerk.id, { ip: null, userAgent: null });
    const detail = await openAs(context(), clerkDetail.loader, `/client-admin/clerks/${clerk.id}`, {
      id: String(clerk.id),
    });
    expect((detail.data as { person: { open_sessions: number } }).person.open_sessions).toBe(2);
    expect((detail.data as { latestActions: { action: string; entity_id: number }[] }).latestActions[0]).toMatchObject({
      action: "request.status",
      entity_id: requestId,
    });

    const path = `/client-admin/clerks/${clerk.id}`;
    await postAs(context(), clerkDetail.action, path, { intent: "signOut" }, { id: String(clerk.id) });
    expect(await countSessions(db, clerk.id)).toBe(0);
    expect((await clerkRow("clerk@example.com"))!.status).toBe("ACTIVE");

    await createUserSession(db, clerk.id, { ip: null, userAgent: null });
    await postAs(context(), clerkDetail.action, path, { intent: "deactivate" }, { id: String(clerk.id) });
    expect((await clerkRow("clerk@example.com"))!.status).toBe("INACTIVE");
    expect(await countSessions(db, clerk.id)).toBe(0);
    // An inactive clerk is sent no link (the page does not offer one; the server refuses it too).
    const mails = (await db.selectFrom("email_outbox").select("id").execute()).length;
    expect(
      (await postAs(context(), clerkDetail.action, path, { intent: "resetLink" }, { id: String(clerk.id) })).status,
    ).toBe(409);
    expect((await db.selectFrom("email_outbox").select("id").execute()).length).toBe(mails);
    await postAs(context(), clerkDetail.action, path, { intent: "reactivate" }, { id: String(clerk.id) });
    expect((await clerkRow("clerk@example.com"))!.status).toBe("ACTIVE");

    await deliverDueMail(db, mailTransport(smtp.url)); // the beneficiary's notice of the approval
    const before = smtp.received.length;
    await postAs(context(), clerkDetail.action, path, { intent: "resetLink" }, { id: String(clerk.id) });
    await deliverDueMail(db, mailTransport(smtp.url));
    expect(smtp.received.length).toBe(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("clerk@example.com");
    expect(mail.subject).toBe("اختر كلمة مرور جديدة");
    expect(
      (await postAs(context(), clerkDetail.action, path, { intent: "explode" }, { id: String(clerk.id) })).status,
    ).toBe(400);
  });

  it("the super admin sees every client's clerks, filters by client, and must choose a client on create", async () => {
    const superAdmin = makeContext({ user: await sessionUserOf(db, "superadmin@example.com"), area: "super-admin" });
    const all = await openAs(superAdmin, clerkList.loader, "/super-admin/clerks-management");
    expect((all.data as { total: number }).total).toBe(2);
    const demoUniversity = (await sessionUserOf(db, "clerk@example.com")).client!.id;
    const one = await openAs(superAdmin, clerkList.loader, `/super-admin/clerks-management?client=${demoUniversity}`);
    expect((one.data as { rows: { email: string }[] }).rows.map((row) => row.email)).toEqual(["clerk@example.com"]);

    const missing = await postAs(superAdmin, clerkForm.action, "/super-admin/clerks-management/create", newClerk);
    expect(missing.status).toBe(400);
    expect(errorsOf(missing).clientId).toEqual(["validation.clientRequired"]);
    expect(await clerkRow("sami.nasser@example.com")).toBeUndefined();
    const created = await postAs(superAdmin, clerkForm.action, "/super-admin/clerks-management/create", {
      ...newClerk,
      clientId: String(demoUniversity),
      password: "Given-Pass-12",
    });
    expect(created.status).toBe(302);
    expect((await clerkRow("sami.nasser@example.com"))!.client_id).toBe(demoUniversity);
  });

  it("is refused to a clerk, a service admin and a beneficiary (403)", async () => {
    for (const email of ["clerk@example.com", "serviceadmin@example.com", "beneficiary@example.com"]) {
      const outcome = await run(
        clerkList.loader,
        new Request("http://localhost/client-admin/clerks"),
        makeContext({ user: await sessionUserOf(db, email), area: "client-admin" }),
      );
      expect(outcome.status, email).toBe(403);
    }
  });
});
