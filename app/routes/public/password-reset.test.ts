import { beforeAll, describe, expect, it } from "vitest";
import { countSessions } from "~/modules/auth/queries.server";
import { signIn } from "~/modules/auth/service.server";
import { createUserSession } from "~/modules/auth/session.server";
import { deliverDueMail, mailTransport, retryDelayMs } from "~/platform/mail/sender.server";
import { readToast } from "~/platform/toast/toast.server";
import { createTestDb, createUser } from "~/test/db";
import { makeContext, run, statusOf, postAs } from "~/test/route";
import { startSmtpServer } from "~/test/smtp";
import { resetRequestsSettled } from "~/modules/auth/password-reset.server";
import * as forgot from "./forgot-password";
import * as reset from "./reset-password";

const smtp = await startSmtpServer();
const send = () => mailTransport(smtp.url);

const toastOf = (headers: Headers) =>
  readToast(
    new Request("http://localhost/", {
      headers: {
        Cookie: headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; "),
      },
    }),
  );
const formErrors = (data: unknown) => (data as { error?: Record<string, string[]> }).error ?? {};

describe("forgot and reset password", () => {
  beforeAll(() => {
    smtp.received.length = 0;
  });

  it("mails a single-use link that sets a new password and ends every session; unknown emails get the same answer", async () => {
    const db = await createTestDb();
    const userId = await createUser(db, { email: "forgetful@example.com", password: "Old-Pass-1" });
    await createUserSession(db, userId, { ip: null, userAgent: null });

    const asked = await postAs(makeContext(), forgot.action, "/forgot-password", { email: "Forgetful@example.com" });
    const unknown = await postAs(makeContext({ ip: "10.0.0.2" }), forgot.action, "/forgot-password", {
      email: "nobody@example.com",
    });
    await resetRequestsSettled(); // looked up and mailed after the answer
    for (const answer of [asked, unknown]) {
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/login");
      expect(toastOf(answer.headers)?.message).toBe("auth.forgot.sent");
    }
    expect(await db.selectFrom("email_outbox").select(["to_address", "status", "locale"]).execute()).toEqual([
      { to_address: "forgetful@example.com", status: "PENDING", locale: "ar" },
    ]);

    expect(await deliverDueMail(db, send())).toEqual({ sent: 1, failed: 0 });
    const mail = smtp.received.at(-1)!;
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("forgetful@example.com");
    expect(mail.subject).toBe("اختر كلمة مرور جديدة"); // the user's language: Arabic by default
    expect(mail.text).toContain("مرحبًا تجربة");
    expect(mail.html).toContain('dir="rtl"');
    const link = new URL(smtp.linkIn(mail)!);
    expect(link.pathname).toBe("/reset-password");
    const token = link.searchParams.get("token")!;
    expect(await db.selectFrom("account_tokens").select("token_hash").executeTakeFirstOrThrow()).not.toEqual({
      token_hash: token,
    });

    const page = await run(
      reset.loader,
      new Request(link.href.replace(link.origin, "http://localhost")),
      makeContext(),
    );
    expect(page.status).toBe(200);
    const mismatch = await postAs(makeContext(), reset.action, "/reset-password", {
      token,
      password: "New-Pass-1",
      confirmPassword: "other",
    });
    expect(formErrors(mismatch.data).confirmPassword).toEqual(["validation.passwordsDontMatch"]);
    const short = await postAs(makeContext(), reset.action, "/reset-password", {
      token,
      password: "short",
      confirmPassword: "short",
    });
    expect(formErrors(short.data).password).toEqual(["validation.passwordMin6"]);

    const done = await postAs(makeContext(), reset.action, "/reset-password", {
      token,
      password: "New-Pass-1",
      confirmPassword: "New-Pass-1",
    });
    expect(done.status).toBe(302);
    expect(toastOf(done.headers)?.message).toBe("auth.reset.done");
    expect(await countSessions(db, userId)).toBe(0);
    expect((await signIn(db, "forgetful@example.com", "Old-Pass-1", null)).ok).toBe(false);
    expect((await signIn(db, "forgetful@example.com", "New-Pass-1", null)).ok).toBe(true);

    const again = await postAs(makeContext(), reset.action, "/reset-password", {
      token,
      password: "Another-1",
      confirmPassword: "Another-1",
    });
    expect(again.status).toBe(400);
    expect(formErrors(again.data)[""]).toEqual(["auth.reset.invalidLink"]);
    expect(
      await statusOf(reset.loader, new Request(`http://localhost/reset-password?token=${token}`), makeContext()),
    ).toBe(404);
    expect((await signIn(db, "forgetful@example.com", "Another-1", null)).ok).toBe(false);
  });

  it("does not let others' requests stop the owner's own link (counted per address of the requester)", async () => {
    const db = await createTestDb();
    await createUser(db, { email: "targeted@example.com" });
    for (let i = 0; i < 5; i++)
      await postAs(makeContext({ ip: "203.0.113.66" }), forgot.action, "/forgot-password", {
        email: "targeted@example.com",
      });
    await resetRequestsSettled();
    const byAttacker = (await db.selectFrom("email_outbox").select("id").execute()).length;
    expect(byAttacker).toBe(3);
    await postAs(makeContext({ ip: "198.51.100.20" }), forgot.action, "/forgot-password", {
      email: "targeted@example.com",
    });
    await resetRequestsSettled();
    expect((await db.selectFrom("email_outbox").select("id").execute()).length).toBe(byAttacker + 1);
  });

  it("keeps the owner's pending link working when someone else asks for one; using any retires the others", async () => {
    const db = await createTestDb();
    await createUser(db, { email: "owner@example.com", password: "Old-Pass-1" });
    smtp.received.length = 0;
    const ask = async (ip: string) => {
      await postAs(makeContext({ ip }), forgot.action, "/forgot-password", { email: "owner@example.com" });
      await resetRequestsSettled();
      await deliverDueMail(db, send());
      return new URL(smtp.linkIn(smtp.received.at(-1)!)!).searchParams.get("token")!;
    };
    const owners = await ask("198.51.100.7");
    const strangers = await ask("203.0.113.9");
    expect(strangers).not.toBe(owners);
    const used = await postAs(makeContext(), reset.action, "/reset-password", {
      token: owners,
      password: "New-Pass-1",
      confirmPassword: "New-Pass-1",
    });
    expect(used.status).toBe(302);
    expect((await signIn(db, "owner@example.com", "New-Pass-1", null)).ok).toBe(true);
    const other = await postAs(makeContext(), reset.action, "/reset-password", {
      token: strangers,
      password: "Another-1",
      confirmPassword: "Another-1",
    });
    expect(formErrors(other.data)[""]).toEqual(["auth.reset.invalidLink"]);
  });

  it("refuses an expired link", async () => {
    const db = await createTestDb();
    await createUser(db, { email: "late@example.com" });
    await postAs(makeContext(), forgot.action, "/forgot-password", { email: "late@example.com" });
    await resetRequestsSettled(); // looked up and mailed after the answer
    await deliverDueMail(db, send());
    const token = new URL(smtp.linkIn(smtp.received.at(-1)!)!).searchParams.get("token")!;
    await db
      .updateTable("account_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const late = await postAs(makeContext(), reset.action, "/reset-password", {
      token,
      password: "New-Pass-1",
      confirmPassword: "New-Pass-1",
    });
    expect(late.status).toBe(400);
  });

  it("keeps a mail in the outbox while the mail server is down and delivers it once it is back", async () => {
    const db = await createTestDb();
    await createUser(db, { email: "patient@example.com" });
    await postAs(makeContext(), forgot.action, "/forgot-password", { email: "patient@example.com" });
    await resetRequestsSettled(); // looked up and mailed after the answer
    const before = smtp.received.length;
    await smtp.stop();
    expect(await deliverDueMail(db, send())).toEqual({ sent: 0, failed: 1 });
    const waiting = await db
      .selectFrom("email_outbox")
      .select(["status", "attempts", "next_attempt_at", "last_error"])
      .executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ status: "PENDING", attempts: 1 });
    expect(waiting.last_error).toBeTruthy();
    expect(Date.parse(waiting.next_attempt_at)).toBeGreaterThan(Date.now());

    await smtp.start();
    expect(await deliverDueMail(db, send())).toEqual({ sent: 0, failed: 0 }); // not due yet
    expect(await deliverDueMail(db, send(), new Date(Date.now() + retryDelayMs(1)))).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.length).toBe(before + 1);
    expect(await db.selectFrom("email_outbox").select("status").executeTakeFirstOrThrow()).toEqual({ status: "SENT" });
  });
});
