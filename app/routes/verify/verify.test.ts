import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import { accessPinFor } from "~/modules/verification/pin.server";
import { checkAccessPin, verdictOf, type IssuedDocument } from "~/modules/verification/service.server";
import { createSeededTestDb, rowWhere } from "~/test/db";
import { makeContext, postForm, run, statusOf, postAs } from "~/test/route";
import * as documentRoute from "./document";
import * as qr from "./qr";
import * as verify from "./verify";
import * as verifyForm from "./verify-form";

let db: DB;
let codes: Record<string, string> = {};

beforeEach(async () => {
  codes = {};
  db = await createSeededTestDb();
  for (const row of await db.selectFrom("issued_documents").selectAll().execute()) {
    const verdict = verdictOf({ status: row.status, expiry_date: row.expiry_date } as never);
    const key = row.secure_plus_enabled ? "SECURE_PLUS" : verdict;
    codes[key] ??= row.verification_code;
  }
});

const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://localhost${path}`, { headers });
/** What the rendered page says: its verdict, and whether it shows the holder and the download. */
const page = (result: { text?: string }) => {
  const html = result.text ?? "";
  return {
    html,
    verdict: html.match(/data-verdict="([A-Z_]+)"/)?.[1],
    holder: html.match(/data-testid="holder">([^<]*)</)?.[1] ?? null,
    canDownload: /\/document"/.test(html),
    asksPin: html.includes('name="pin"'),
  };
};

describe("/verify/{code}", () => {
  it.each(["VALID", "EXPIRED", "REVOKED"])("says %s and records the verification", async (verdict) => {
    const code = codes[verdict];
    const result = await run(
      verify.loader,
      get(`/verify/${code}`, { "User-Agent": "test-agent" }),
      makeContext({ ip: "198.51.100.1" }),
      { code },
    );
    expect(result.status).toBe(200);
    expect(page(result).verdict).toBe(verdict);
    const events = await db.selectFrom("verification_events").selectAll().execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ outcome: verdict, user_agent: "test-agent" });
    expect(events[0].issued_document_id).not.toBeNull();
    expect(events[0].ip_hash).not.toContain("198.51.100.1");
  });

  it("says a document replaced by a newer one was superseded in the reader's language", async () => {
    const code = codes.REVOKED;
    await db
      .updateTable("issued_documents")
      .set({ revocation_reason_en: "Superseded", revocation_reason_ar: "Superseded" })
      .where("verification_code", "=", code)
      .execute();
    const arabic = await run(verify.loader, get(`/verify/${code}?lng=ar`), makeContext({ ip: "198.51.100.20" }), {
      code,
    });
    expect(arabic.text).toContain("<bdi>استُبدلت بوثيقة أحدث</bdi>");
    expect(arabic.text).not.toContain("Superseded");
    const english = await run(verify.loader, get(`/verify/${code}?lng=en`), makeContext({ ip: "198.51.100.20" }), {
      code,
    });
    expect(english.text).toContain("<bdi>Replaced by a newer document</bdi>");
  });

  it("answers a code that is not valid percent-encoding as not found, not as a server error", async () => {
    const result = await run(verify.loader, get("/verify/%E0%A4%A"), makeContext(), { code: "%E0%A4%A" });
    expect(result.status).toBe(404);
    expect(page(result).verdict).toBe("NOT_FOUND");
  });

  it("shows a revocation at once, though the page it had rendered before is kept", async () => {
    const code = codes.VALID;
    const before = await run(verify.loader, get(`/verify/${code}`), makeContext(), { code });
    expect(page(before).verdict).toBe("VALID");
    await db
      .updateTable("issued_documents")
      .set({
        status: "REVOKED",
        revoked_at: new Date().toISOString(),
        revocation_reason_en: "test",
        revocation_reason_ar: "اختبار",
      })
      .where("verification_code", "=", code)
      .execute();
    const after = await run(verify.loader, get(`/verify/${code}`), makeContext(), { code });
    expect(page(after).verdict).toBe("REVOKED");
  });

  it("answers NOT FOUND with 404, revealing nothing else", async () => {
    const result = await run(verify.loader, get("/verify/ABCDEFGHJKMNPQRS"), makeContext(), {
      code: "ABCDEFGHJKMNPQRS",
    });
    expect(result.status).toBe(404);
    expect(page(result)).toMatchObject({ verdict: "NOT_FOUND", holder: null, canDownload: false, asksPin: false });
    expect(page(result).html).not.toMatch(/data-testid="sha256"/);
    const events = await db.selectFrom("verification_events").selectAll().execute();
    expect(events[0]).toMatchObject({ outcome: "NOT_FOUND", issued_document_id: null });
  });

  it("sends lower-case and dashed codes to the canonical address", async () => {
    const code = codes.VALID;
    const typed = code.toLowerCase().replace(/(.{4})(?=.)/g, "$1-");
    const result = await run(verify.loader, get(`/verify/${typed}`), makeContext(), { code: typed });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe(`/verify/${code}`);
    const typedForm = await run(
      verifyForm.loader,
      get(`/verify?code=${encodeURIComponent(` ${typed} `)}`),
      makeContext(),
    );
    expect(typedForm.headers.get("Location")).toBe(`/verify/${code}`);
    const bad = await run(verifyForm.loader, get("/verify?code=nope"), makeContext());
    expect(bad.status).toBe(400);
  });

  it("gives its dates in both calendars, Gregorian and Hijri, to every reader", async () => {
    for (const language of ["en", "ar"]) {
      const answer = await run(verify.loader, get(`/verify/${codes.VALID}?lng=${language}`), makeContext(), {
        code: codes.VALID,
      });
      expect(answer.text, language).toMatch(language === "en" ? /\d{4} \([A-Za-zʻ-]+ \d{2}, \d{4} AH\)/ : / هـ\)/);
    }
  });

  it("shows the holder without SecurePlus and hides it with SecurePlus", async () => {
    const open = await run(verify.loader, get(`/verify/${codes.VALID}`, { "Accept-Language": "en" }), makeContext(), {
      code: codes.VALID,
    });
    expect(page(open).holder).toMatch(/\w+ \w+/);
    const secure = await run(verify.loader, get(`/verify/${codes.SECURE_PLUS}`), makeContext(), {
      code: codes.SECURE_PLUS,
    });
    expect(page(secure)).toMatchObject({ holder: null, canDownload: false, asksPin: true });
    const download = await run(documentRoute.loader, get(`/verify/${codes.SECURE_PLUS}/document`), makeContext(), {
      code: codes.SECURE_PLUS,
    });
    expect(download.status).toBe(403);
  });

  it("unlocks with the right access PIN; five wrong PINs per document lock it for 15 minutes", async () => {
    const code = codes.SECURE_PLUS;
    const context = makeContext();
    const pin = accessPinFor(code);
    const wrong = pin === "000000" ? "111111" : "000000";
    const format = await run(
      verify.action,
      postForm(`/verify/${code}`, { pin: "12ab" }, { "Accept-Language": "en" }),
      context,
      { code },
    );
    expect(format.status).toBe(400);
    expect(format.text).toContain("The access PIN has 6 digits.");

    const right = await postAs(context, verify.action, `/verify/${code}`, { pin }, { code });
    expect(right.status).toBe(302);
    const cookie = right.headers.get("Set-Cookie")!.split(";")[0];
    const unlocked = await run(verify.loader, get(`/verify/${code}`, { Cookie: cookie }), context, { code });
    expect(page(unlocked)).toMatchObject({ canDownload: true, asksPin: false });
    expect(page(unlocked).holder).toBeTruthy();
    const download = await run(documentRoute.loader, get(`/verify/${code}/document`, { Cookie: cookie }), context, {
      code,
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/pdf");
    expect(download.headers.get("Content-Disposition")).toMatch(/^attachment; filename="/);
    expect(download.headers.get("Content-Security-Policy")).toBe("sandbox");

    for (let attempt = 0; attempt < 5; attempt++) {
      const result = await run(
        verify.action,
        postForm(`/verify/${code}`, { pin: wrong }, { "Accept-Language": "en" }),
        context,
        { code },
      );
      expect(result.status).toBe(400);
      expect(result.text).toContain("That access PIN is not right.");
    }
    const locked = await run(
      verify.action,
      postForm(`/verify/${code}`, { pin }, { "Accept-Language": "en" }),
      context,
      { code },
    );
    expect(locked.status).toBe(429);
    expect(locked.headers.get("Retry-After")).toBe("900");
    expect(locked.text).toContain("Too many wrong access PINs for this document.");
  });

  it("counts each PIN before checking it: of 30 guesses at once on a fresh document, exactly 5 are checked", async () => {
    const document = await rowWhere(db, "issued_documents", "secure_plus_enabled", 1);
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        checkAccessPin(document as unknown as IssuedDocument, "000001", { visitor: "198.51.100.1", holder: false }),
      ),
    );
    expect(results.filter((result) => result === "wrong")).toHaveLength(5);
    expect(results.filter((result) => result === "locked")).toHaveLength(25);
  });

  it("never lets others' guesses lock the holder out: per visitor 5, per document 20 a day, the holder signed in always checked", async () => {
    const row = await rowWhere(db, "issued_documents", "secure_plus_enabled", 1);
    const document = row as unknown as IssuedDocument;
    const right = accessPinFor(row.verification_code);
    // One guesser waits after 5; another address is still checked.
    for (let i = 0; i < 5; i++)
      expect(await checkAccessPin(document, "000001", { visitor: "10.1.0.1", holder: false })).toBe("wrong");
    expect(await checkAccessPin(document, right, { visitor: "10.1.0.1", holder: false })).toBe("locked");
    // Guesses from many addresses: past 20 a day the document takes no PIN from anyone but its holder.
    for (let i = 0; i < 20; i++) await checkAccessPin(document, "000001", { visitor: `10.2.0.${i}`, holder: false });
    expect(await checkAccessPin(document, right, { visitor: "10.3.0.1", holder: false })).toBe("lockedToday");
    expect(await checkAccessPin(document, right, { visitor: "10.3.0.2", holder: true })).toBe("ok");
  });

  it("limits look-ups to 60 a minute per IP, then answers 429", async () => {
    const context = makeContext({ ip: "198.51.100.9" });
    for (let i = 0; i < 60; i++) {
      expect(await statusOf(verify.loader, get(`/verify/${codes.VALID}`), context, { code: codes.VALID })).toBe(200);
    }
    expect(await statusOf(verify.loader, get(`/verify/${codes.VALID}`), context, { code: codes.VALID })).toBe(429);
    expect(
      await statusOf(verify.loader, get(`/verify/${codes.VALID}`), makeContext({ ip: "198.51.100.10" }), {
        code: codes.VALID,
      }),
    ).toBe(200);
  });
});

describe("file check", () => {
  const multipart = (code: string, bytes: Uint8Array, name = "document.pdf") => {
    const form = new FormData();
    form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "application/pdf" }));
    return new Request(`http://localhost/verify/${code}`, {
      method: "POST",
      body: form,
      headers: { Origin: "http://localhost" },
    });
  };

  it("says whether the file's SHA-256 matches, and stores nothing", async () => {
    const code = codes.VALID;
    const filesBefore = (await db.selectFrom("files").selectAll().execute()).length;
    const download = await run(documentRoute.loader, get(`/verify/${code}/document`), makeContext(), { code });
    expect(download.status).toBe(200);
    const response = await documentRoute.loader({
      params: { code },
      request: get(`/verify/${code}/document`),
      context: makeContext(),
    } as never);
    const original = new Uint8Array(await (response as Response).arrayBuffer());

    const match = await run(verify.action, multipart(code, original), makeContext(), { code });
    expect(match.text).toContain('data-file-check="match"');
    const altered = original.slice();
    altered[altered.length - 10] ^= 1;
    const mismatch = await run(verify.action, multipart(code, altered), makeContext(), { code });
    expect(mismatch.text).toContain('data-file-check="mismatch"');
    expect((await db.selectFrom("files").selectAll().execute()).length).toBe(filesBefore);
  });

  it("refuses files over 5 MB", async () => {
    const code = codes.VALID;
    const result = await run(verify.action, multipart(code, new Uint8Array(5 * 1024 * 1024 + 1)), makeContext(), {
      code,
    });
    expect(result.status).toBe(413);
    expect(result.text).toContain('data-file-check="too-large"');
  });
});

describe("QR code", () => {
  it("is an SVG of the verification URL, cacheable", async () => {
    const code = codes.VALID;
    const response = (await qr.loader({ params: { code } } as never)) as Response;
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(response.headers.get("Cache-Control")).toContain("max-age");
    expect(await response.text()).toMatch(/^<svg[^>]*viewBox/);
  });
});
