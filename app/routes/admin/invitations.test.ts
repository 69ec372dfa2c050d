import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import { signIn } from "~/modules/auth/service.server";
import { deliverDueMail, mailTransport } from "~/platform/mail/sender.server";
import { createSeededTestDb, sessionUserOf } from "~/test/db";
import { makeContext, postForm, run, statusOf, postAs, openAs } from "~/test/route";
import { startSmtpServer } from "~/test/smtp";
import * as reset from "../public/reset-password";
import * as serviceAdminForm from "./service-admin-form";
import * as serviceAdminDetail from "./service-admin";

const smtp = await startSmtpServer();

let db: DB;
beforeEach(async () => {
  db = await createSeededTestDb();
  smtp.received.length = 0;
});

const person = {
  "firstName.english": "Nadia",
  "firstName.arabic": "نادية",
  "lastName.english": "Khalil",
  "lastName.arabic": "خليل",
  email: "nadia@example.com",
  phone: "0791234567",
  nin: "9871234560",
};
const tokenOf = (link: string | null) => new URL(link!).searchParams.get("token")!;

describe("invitations", () => {
  it("an account created without a password is mailed a 7-day single-use link to choose one", async () => {
    const context = makeContext({ user: await sessionUserOf(db, "superadmin@example.com"), area: "super-admin" });
    const created = await postAs(
      context,
      serviceAdminForm.action,
      "/super-admin/service-admins-management/create",
      person,
    );
    expect(created.status).toBe(302);
    const user = await db
      .selectFrom("users")
      .select(["id", "password_hash"])
      .where("email", "=", "nadia@example.com")
      .executeTakeFirstOrThrow();
    const token = await db
      .selectFrom("account_tokens")
      .select(["purpose", "expires_at"])
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(token.purpose).toBe("INVITE");
    expect(Date.parse(token.expires_at) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);

    await deliverDueMail(db, mailTransport(smtp.url));
    const mail = smtp.received.at(-1)!;
    expect(mail.subject).toBe("حسابك في خدمة الوثائق والتصديقات");
    expect(mail.text).toContain("مشرف الخدمة"); // the role, in the mail's language
    const link = smtp.linkIn(mail);
    const page = await openAs(makeContext(), reset.loader, `/reset-password?token=${tokenOf(link)}`);
    expect(page.data).toEqual({ token: tokenOf(link), invitation: true });

    const chosen = await postAs(makeContext(), reset.action, "/reset-password", {
      token: tokenOf(link),
      password: "Chosen-Pass-1",
      confirmPassword: "Chosen-Pass-1",
    });
    expect(chosen.status).toBe(302);
    expect((await signIn(db, "nadia@example.com", "Chosen-Pass-1", null)).ok).toBe(true);
    const again = await postAs(makeContext(), reset.action, "/reset-password", {
      token: tokenOf(link),
      password: "Other-Pass-1",
      confirmPassword: "Other-Pass-1",
    });
    expect(again.status).toBe(400);
    expect(
      await db
        .selectFrom("audit_events")
        .select("action")
        .where("action", "in", ["user.invite", "auth.invitation_accepted"])
        .orderBy("id")
        .execute(),
    ).toEqual([{ action: "user.invite" }, { action: "auth.invitation_accepted" }]);
  });

  it("an admin sends it again: a new link works and the earlier one no longer does", async () => {
    const superAdmin = await sessionUserOf(db, "superadmin@example.com");
    await postAs(
      makeContext({ user: superAdmin, area: "super-admin" }),
      serviceAdminForm.action,
      "/super-admin/service-admins-management/create",
      person,
    );
    await deliverDueMail(db, mailTransport(smtp.url));
    const first = tokenOf(smtp.linkIn(smtp.received.at(-1)!));
    const { id } = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "nadia@example.com")
      .executeTakeFirstOrThrow();

    const resent = await postAs(
      makeContext({ user: superAdmin, area: "super-admin" }),
      serviceAdminDetail.action,
      `/super-admin/service-admins-management/${id}`,
      { intent: "invite" },
      { id: String(id) },
    );
    expect(resent.status).toBe(302);
    await deliverDueMail(db, mailTransport(smtp.url));
    const second = tokenOf(smtp.linkIn(smtp.received.at(-1)!));
    expect(second).not.toBe(first);
    expect(
      await statusOf(reset.loader, new Request(`http://localhost/reset-password?token=${first}`), makeContext()),
    ).toBe(404);
    expect(
      await statusOf(reset.loader, new Request(`http://localhost/reset-password?token=${second}`), makeContext()),
    ).toBe(200);

    const refused = await run(
      serviceAdminDetail.action,
      postForm(`/super-admin/service-admins-management/${id}`, { intent: "invite" }),
      makeContext({ user: await sessionUserOf(db, "clerk@example.com"), area: "super-admin" }),
      { id: String(id) },
    );
    expect(refused.status).toBe(403);
  });

  it("an account created with a password gets no mail", async () => {
    await run(
      serviceAdminForm.action,
      postForm("/super-admin/service-admins-management/create", { ...person, password: "Given-Pass-1" }),
      makeContext({ user: await sessionUserOf(db, "superadmin@example.com"), area: "super-admin" }),
    );
    expect(await db.selectFrom("email_outbox").selectAll().execute()).toEqual([]);
    expect((await signIn(db, "nadia@example.com", "Given-Pass-1", null)).ok).toBe(true);
  });
});
