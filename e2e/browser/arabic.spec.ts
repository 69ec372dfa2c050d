import { expect, test, type Page } from "@playwright/test";
import fs from "node:fs";
import { DEMO, ready, signIn, switchLanguage, type DemoRole } from "../support";
import { openServerDatabase } from "../server-db";
import { E2E_DATABASE_URL } from "../../playwright.config";

/** The Latin words our Arabic translations use on purpose (PDF, QR, CSV, SecurePlus...): written and reviewed by us. */
function latinWordsOf(node: unknown, into = new Set<string>()): Set<string> {
  if (typeof node === "string")
    for (const word of node.replace(/\{\{[^}]*\}\}/g, "").match(/[A-Za-z][A-Za-z0-9-]*/g) ?? []) into.add(word);
  else if (node && typeof node === "object") for (const value of Object.values(node)) latinWordsOf(value, into);
  return into;
}
const TRANSLATED_LATIN = [...latinWordsOf(JSON.parse(fs.readFileSync("locales/ar/common.json", "utf8")))];

/** Arabic pages with the most values in them: names, addresses, emails, codes, notes. */
const PAGES: { who: DemoRole | null; paths: string[] }[] = [
  {
    who: null,
    paths: [
      "/",
      "/verify",
      "/public-announcements/new-opening-hours-of-the-registry",
      "/organisations/1/announcements",
    ],
  },
  {
    who: "BENEFICIARY",
    paths: [
      "/beneficiary/dashboard",
      "/beneficiary/request-document",
      "/beneficiary/attestations",
      "/beneficiary/attestations/3",
      "/profile",
    ],
  },
  {
    who: "CLERK",
    paths: [
      "/clerks/dashboard",
      "/clerks/requests",
      "/clerks/document-categories/request/1",
      "/clerks/document-categories/request/2",
      "/clerks/attestations",
      "/clerks/attestations/3",
      "/clerks/document-categories",
      "/clerks/document-categories/1",
      "/clerks/public-announcements",
    ],
  },
  {
    who: "SUPER_ADMIN",
    paths: [
      "/super-admin/dashboard",
      "/super-admin/clients-management",
      "/super-admin/clients-management/1",
      "/super-admin/client-categories",
      "/super-admin/beneficiaries-management",
      "/super-admin/beneficiaries-management/6",
      "/super-admin/clerks",
      "/notifications",
    ],
  },
];

/**
 * Latin text on an Arabic page that is not isolated: a text node with Latin letters (besides the words of our
 * translations) whose nearest element with its own direction is the page itself. Inside `<bdi>`, an element
 * with `dir` or `lang="en"`, a form control, or Unicode isolates (U+2068 ... U+2069, a value in a translated
 * sentence), the run keeps its punctuation and numbers in place.
 */
function unisolatedLatin(page: Page) {
  return page.evaluate((translated) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? "";
      const values = text
        .replace(/\u2068[^\u2069]*\u2069/g, "")
        .replace(/[A-Za-z][A-Za-z0-9-]*/g, (word) => (translated.includes(word) ? "" : word));
      if (!/[A-Za-z]/.test(values)) continue;
      const parent = node.parentElement!;
      if (parent.closest("script, style, noscript, template, svg, [hidden], [aria-hidden='true']")) continue;
      if (parent.closest("bdi, [dir]:not(html), [lang='en'], input, textarea, select, option, code, kbd, samp"))
        continue;
      if (!(parent as HTMLElement).offsetParent && getComputedStyle(parent).position !== "fixed") continue;
      found.push(`${parent.tagName.toLowerCase()}: ${text.slice(0, 60)}`);
    }
    return found;
  }, TRANSLATED_LATIN);
}

for (const group of PAGES) {
  test(`Arabic pages isolate every Latin run: ${group.who ?? "public"}`, async ({ page }, testInfo) => {
    test.skip(testInfo.project.use.javaScriptEnabled === false, "checked in the rendered page: JS on");
    test.setTimeout(120_000);
    if (group.who) await signIn(page, DEMO[group.who]);
    await page.goto(group.paths[0]);
    await switchLanguage(page, "ar");
    const found: string[] = [];
    for (const path of group.paths) {
      await page.goto(path);
      await ready(page);
      await expect(page.locator("html")).toHaveAttribute("lang", "ar");
      for (const run of await unisolatedLatin(page)) found.push(`${path} ${run}`);
    }
    expect(found).toEqual([]);
  });
}

/**
 * What staff typed in both languages reaches an Arabic reader in Arabic (docs/architecture.md §9): the issued
 * document's name, a revocation reason, a status note, an attestation's review note and a client's address,
 * on every page that shows them. The demo's English words must not be there; the Arabic ones must.
 */
test("staff's words reach an Arabic reader in Arabic on every page that shows them", async ({ page }, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, "the same server-rendered pages: JS on");
  test.setTimeout(120_000);
  const db = await openServerDatabase(E2E_DATABASE_URL, { readonly: true });
  const revoked = (await db.get<{ code: string; request_id: number }>(
    "SELECT verification_code AS code, request_id FROM issued_documents WHERE status = 'REVOKED' AND revocation_reason_en LIKE 'Issued with%' ORDER BY id",
  ))!;
  const rejected = (await db.get<{ id: number }>(
    "SELECT r.id FROM document_requests r JOIN users u ON u.id = r.beneficiary_id WHERE r.status = 'REJECTED' AND u.email = ? ORDER BY r.id",
    DEMO.BENEFICIARY,
  ))!;
  const refused = (await db.get<{ id: number; en: string; ar: string }>(
    "SELECT id, review_note_en AS en, review_note_ar AS ar FROM attestations WHERE status = 'REJECTED' AND review_note_ar IS NOT NULL ORDER BY id",
  ))!;
  const issued = (await db.get<{ request_id: number; en: string; ar: string }>(
    "SELECT d.request_id, d.document_name_en AS en, d.document_name_ar AS ar FROM issued_documents d JOIN users u ON u.id = d.beneficiary_id WHERE d.kind = 'REQUEST' AND u.email = ? ORDER BY d.id",
    DEMO.BENEFICIARY,
  ))!;
  await db.close();
  const expectArabic = async (path: string, arabic: string[], english: string[]) => {
    await page.goto(path);
    await ready(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    const text = await page.locator("body").innerText();
    for (const words of arabic) expect(text, `${path}: ${words}`).toContain(words);
    for (const words of english) expect(text, `${path}: ${words}`).not.toContain(words);
  };

  await expectArabic(`/verify/${revoked.code}?lng=ar`, ["صدرت بخطأ مطبعي في الاسم"], ["typing error"]);

  await signIn(page, DEMO.BENEFICIARY);
  await switchLanguage(page, "ar");
  await expectArabic(
    `/beneficiary/request-document/${rejected.id}`,
    ["الرقم الجامعي لا يطابق سجلاتنا"],
    ["student number"],
  );
  await expectArabic(`/beneficiary/request-document/${issued.request_id}`, [issued.ar], [issued.en]);
  await expectArabic("/beneficiary/request-document/create", ["شارع الجامعة"], ["University Avenue"]);

  await page.context().clearCookies();
  await signIn(page, DEMO.SUPER_ADMIN);
  await switchLanguage(page, "ar");
  await expectArabic("/super-admin/clients-management/1", ["شارع الجامعة"], []);
  await expectArabic(`/super-admin/attestations-management/${refused.id}`, [refused.ar], [refused.en]);
});
