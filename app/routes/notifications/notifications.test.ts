import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import { areaShellData } from "~/middleware/area.server";
import { deliverDueMail, mailTransport } from "~/platform/mail/sender.server";
import { countUnread } from "~/modules/notifications/queries.server";
import { notify, notifyClerksOfClient } from "~/modules/notifications/service.server";
import { createSeededTestDb, sessionUserOf, rowWhere } from "~/test/db";
import { makeContext, postForm, statusOf, postAs, openAs } from "~/test/route";
import { startSmtpServer } from "~/test/smtp";
import * as detail from "../requests/staff-request";
import * as page from "./notifications";

const smtp = await startSmtpServer();

let db: DB;
beforeEach(async () => {
  db = await createSeededTestDb();
});

const pendingRequestOfDemoUniversity = async () => {
  const clerk = await sessionUserOf(db, "clerk@example.com");
  const beneficiary = await sessionUserOf(db, "beneficiary@example.com");
  const request = await db
    .selectFrom("document_requests")
    .selectAll()
    .where("client_id", "=", clerk.client!.id)
    .where("beneficiary_id", "=", beneficiary.id)
    .where("status", "=", "PENDING")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  return { clerk, beneficiary, request };
};

describe("notifications", () => {
  it("are sent as auto-generated mail (RFC 3834), so auto-replies stay quiet", async () => {
    const before = smtp.received.length;
    await db.deleteFrom("email_outbox").execute();
    const beneficiary = await sessionUserOf(db, "beneficiary@example.com");
    await notify(
      db,
      beneficiary.id,
      { kind: "documentIssued", link: "/beneficiary/request-document/1", values: { name: "X", code: "ABCD" } },
      { mail: true },
    );
    await deliverDueMail(db, mailTransport(smtp.url));
    const sent = smtp.received.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    for (const mail of sent) expect(mail.headers.get("auto-submitted")).toBe("auto-generated");
  });

  it("tell a beneficiary in-app and by mail in Arabic when their request is approved", async () => {
    const { clerk, beneficiary, request } = await pendingRequestOfDemoUniversity();
    await db.deleteFrom("notifications").execute();
    const path = `/clerks/document-categories/request/${request.id}`;
    const post = await postAs(
      makeContext({ user: clerk }),
      detail.action,
      path,
      { intent: "status", status: "APPROVED", securePlusEnabled: "false" },
      { id: String(request.id) },
    );
    expect(post.status).toBe(302);

    const notice = await rowWhere(db, "notifications", "user_id", beneficiary.id);
    expect(notice).toMatchObject({
      kind: "requestStatus",
      title_en: `Request #${request.id}: Approved`,
      title_ar: `الطلب رقم ${request.id}: مقبول`,
      body_en: `Your request #${request.id} is now Approved. Open your request to see the details.`,
      body_ar: `أصبحت حالة طلبك رقم ${request.id}: مقبول. افتح طلبك لمعرفة التفاصيل.`,
      link: `/beneficiary/request-document/${request.id}`,
      read_at: null,
    });
    expect(await countUnread(db, beneficiary.id)).toBe(1);

    expect(await deliverDueMail(db, mailTransport(smtp.url))).toEqual({ sent: 1, failed: 0 });
    const mail = smtp.received.at(-1)!;
    expect(mail.subject).toBe(`الطلب رقم ${request.id}: مقبول`);
    // The body says the new status (in the recipient's language), not only the subject.
    expect(mail.text).toContain(`أصبحت حالة طلبك رقم ${request.id}: مقبول.`);
    expect(mail.headers.get("auto-submitted")).toBe("auto-generated");
    expect(smtp.linkIn(mail)).toBe(
      `${process.env.PUBLIC_URL ?? "http://localhost:3000"}/beneficiary/request-document/${request.id}`,
    );
  });

  it("tell a client's active clerks of a new request, and no one else's", async () => {
    const { clerk } = await pendingRequestOfDemoUniversity();
    const otherClerk = await sessionUserOf(db, "clerk2@example.com");
    await db.deleteFrom("notifications").execute();
    await notifyClerksOfClient(db, clerk.client!.id, {
      kind: "newRequest",
      link: "/clerks/document-categories/request/1",
      values: { id: 1 },
    });
    expect(await countUnread(db, clerk.id)).toBe(1);
    expect(await countUnread(db, otherClerk.id)).toBe(0);
    expect(await db.selectFrom("email_outbox").selectAll().execute()).toEqual([]); // clerks: in-app only
  });

  it("list one's own, open one (read, then its page), mark one or all read; another user's is 404", async () => {
    const { beneficiary, request } = await pendingRequestOfDemoUniversity();
    const clerk = await sessionUserOf(db, "clerk@example.com");
    await db.deleteFrom("notifications").execute();
    const link = `/beneficiary/request-document/${request.id}`;
    for (const id of [1, 2, 3]) {
      await db
        .insertInto("notifications")
        .values({ user_id: beneficiary.id, kind: "requestStatus", title_en: `N${id}`, title_ar: `ن${id}`, link })
        .execute();
    }
    await db
      .insertInto("notifications")
      .values({ user_id: clerk.id, kind: "newRequest", title_en: "Clerk's", title_ar: "للموظف", link })
      .execute();
    const ids = (
      await db.selectFrom("notifications").select("id").where("user_id", "=", beneficiary.id).orderBy("id").execute()
    ).map((row) => row.id);
    const clerkNotice = (
      await db.selectFrom("notifications").select("id").where("user_id", "=", clerk.id).executeTakeFirstOrThrow()
    ).id;
    const context = () => makeContext({ user: beneficiary });

    const listed = await openAs(context(), page.loader, "/notifications");
    expect((listed.data as { rows: { title_en: string }[]; total: number }).rows.map((row) => row.title_en)).toEqual([
      "N3",
      "N2",
      "N1",
    ]);
    expect(((await areaShellData(context(), "beneficiary")) as { unread: number }).unread).toBe(3);

    const opened = await postAs(context(), page.action, "/notifications", { intent: "open", id: String(ids[0]) });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("Location")).toBe(link);
    const read = await postAs(context(), page.action, "/notifications", { intent: "read", id: String(ids[1]) });
    expect(read.headers.get("Location")).toBe("/notifications");
    expect(await countUnread(db, beneficiary.id)).toBe(1);

    const stolen = await postAs(context(), page.action, "/notifications", { intent: "read", id: String(clerkNotice) });
    expect(stolen.status).toBe(404);
    expect(await countUnread(db, clerk.id)).toBe(1);
    expect(await statusOf(page.action, postForm("/notifications", { intent: "nonsense" }), context())).toBe(400);

    await postAs(context(), page.action, "/notifications", { intent: "readAll" });
    expect(await countUnread(db, beneficiary.id)).toBe(0);
    expect(await countUnread(db, clerk.id)).toBe(1);
  });
});
