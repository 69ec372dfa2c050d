import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stampDocument } from "~/modules/issuing/stamp.server";
import { formatCode } from "~/modules/verification/code";
import { pdftotext, pdftotextRaw } from "~/test/pdf";
import { pdffonts, pdfinfo, squeezed } from "~/test/poppler";
import { templateDocument, type Template, type TemplateSubject } from "./render.server";

/**
 * What the template and the stamp print, read back by poppler for inputs chosen to break it (docs/architecture.md
 * §20): Arabic names with lam-alef and alef maksura, Latin names with hyphens and apostrophes, digits first, long
 * enough to wrap, bidi controls slipped in, codes starting with a digit or a letter. Each value must come out whole
 * and in order (whitespace aside: pdftotext spaces runs as it sees fit), every font embedded, the dates the issue's.
 */
const ARABIC = [..."ابتثجحخدذرزسشصضطظعغفقكلمنهويةىءآأإؤئ", "لا", "الآ", "لله"];
const LATIN = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", "-", "'"];
const DIGITS = [..."0123456789"];
const CONTROLS = ["\u202e", "\u202d", "\u2066", "\u2067", "\u2069", "\u200f"];
const CODE_ALPHABET = [..."0123456789ABCDEFGHJKMNPQRSTVWXYZ"];

const wordOf = (letters: string[], max: number) =>
  fc.array(fc.constantFrom(...letters), { minLength: 1, maxLength: max }).map((parts) => parts.join(""));
/** A name: words, perhaps a number first ("3 Sami", "12ليلى"), perhaps long. */
const nameOf = (letters: string[]) =>
  fc
    .tuple(
      fc.option(wordOf(DIGITS, 4), { nil: undefined }),
      fc.array(wordOf(letters, 9), { minLength: 1, maxLength: 7 }),
    )
    .map(([number, words]) => [number, ...words].filter(Boolean).join(" "));
/** An attacker's copy of a value: bidi controls slipped in, which nothing may print or obey. */
const withControls = (value: fc.Arbitrary<string>) =>
  fc.tuple(value, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...CONTROLS)), { maxLength: 3 })).map(([text, inserts]) =>
    inserts.reduce((out, [at, control]) => {
      const i = at % (out.length + 1);
      return out.slice(0, i) + control + out.slice(i);
    }, text),
  );
const codeOf = fc
  .tuple(
    fc.constantFrom(...DIGITS, "A", "G", "Z"),
    fc.array(fc.constantFrom(...CODE_ALPHABET), { minLength: 15, maxLength: 15 }),
  )
  .map(([first, rest]) => first + rest.join(""));
const clean = (text: string) => text.replace(/[\u202a-\u202e\u2066-\u2069\u200e\u200f]/g, "");

const TEMPLATE: Template = {
  id: 1,
  category_id: 1,
  client_id: 1,
  page_size: "A4",
  orientation: "PORTRAIT",
  logo_file_id: null,
  signature_file_id: null,
  title_en: "Certificate",
  title_ar: "شهادة",
  // Sentences as a template has them: pdftotext takes a line's direction from most of its letters.
  body_en:
    "This certifies that the holder {{beneficiary.name.en}} completed the programme, student number {{field.student_number}}, verification code {{verificationCode}}, as recorded.",
  body_ar:
    "تشهد هذه الوثيقة بأن حاملها {{beneficiary.name.ar}} أتم البرنامج الدراسي، ورقمه الجامعي {{field.student_number}}، ورمز التحقق منها {{verificationCode}}، كما هو مسجل لدينا.",
} as Template;

/**
 * Whether a value's words are in the text as drawn, left to right: in order, in one or more runs (the lines a long
 * value wraps onto), each run's words from its last to its first when the value is right to left.
 */
function shownByLines(seen: string, words: string[], rightToLeft: boolean, from = 0): boolean {
  if (words.length === 0) return true;
  for (let count = words.length; count >= 1; count--) {
    const line = words.slice(0, count);
    const drawn = squeezed((rightToLeft ? [...line].reverse() : line).join(""));
    const at = seen.indexOf(drawn, from);
    if (at >= 0 && shownByLines(seen, words.slice(count), rightToLeft, at + drawn.length)) return true;
  }
  return false;
}

describe("a document read back by poppler (property)", () => {
  it("prints every value whole and in order, embeds every font, and dates itself as issued", async () => {
    await fc.assert(
      fc.asyncProperty(
        withControls(nameOf(ARABIC)),
        withControls(nameOf(LATIN)),
        withControls(
          fc.tuple(wordOf(DIGITS, 6), fc.option(wordOf(LATIN.slice(0, 26), 3))).map(([n, s]) => n + (s ?? "")),
        ),
        codeOf,
        fc.tuple(withControls(nameOf(ARABIC)), withControls(nameOf(LATIN))),
        fc.date({ min: new Date("2020-01-01"), max: new Date("2035-12-31"), noInvalidDate: true }),
        async (nameAr, nameEn, number, code, [issuerAr, issuerEn], issuedAt) => {
          const subject: TemplateSubject = {
            first_name_en: nameEn,
            father_name_en: null,
            last_name_en: null,
            first_name_ar: nameAr,
            father_name_ar: null,
            last_name_ar: null,
            nin: "12345678901",
            category_en: "Certificate",
            category_ar: "شهادة",
            fields: { student_number: number },
          };
          const drawn = await templateDocument(null as never, TEMPLATE, subject, {
            code,
            issuedAt,
            expiry: "2040-01-01",
          });
          const { bytes } = await stampDocument({
            bytes: drawn,
            mimeType: "application/pdf",
            code,
            verificationUrl: `https://documents.example/verify/${code}`,
            kind: "REQUEST",
            issuer: { id: 1, en: clean(issuerEn), ar: clean(issuerAr) },
            issuedAt,
            title: { en: "Certificate", ar: "شهادة" },
          });
          // Left to right as drawn: a value written right to left shows its words from its last to its first, line by
          // line when it wraps.
          const seen = squeezed(pdftotextRaw(bytes));
          for (const [value, rightToLeft] of [
            [nameAr, true],
            [issuerAr, true],
            [nameEn, false],
            [issuerEn, false],
            [number, false],
          ] as const)
            expect(
              shownByLines(seen, clean(value).split(" ").filter(Boolean), rightToLeft),
              `${JSON.stringify(value)} in ${seen}`,
            ).toBe(true);
          const text = squeezed(pdftotext(bytes));
          // The code in the Arabic text, the English text and the stamp.
          expect(text.split(formatCode(code)).length - 1).toBeGreaterThanOrEqual(3);
          expect(pdffonts(bytes).every((font) => font.embedded)).toBe(true);
          const info = pdfinfo(bytes);
          const second = issuedAt.toISOString().slice(0, 19);
          expect(info.CreationDate.slice(0, 19)).toBe(second);
          expect(info.ModDate.slice(0, 19)).toBe(second);
        },
      ),
      // No shrinking: a failing document is reported as drawn (shrinking one outran the test's limit on CI).
      { numRuns: 15, endOnFailure: true },
    );
  }, 120_000);
});
