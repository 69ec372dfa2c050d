import type { DB } from "~/platform/db/db.server";
import { findFile } from "~/modules/files/queries.server";
import { readStoredFile } from "~/modules/files/storage.server";
import { isolate, renderTemplatePdf } from "~/modules/issuing/stamp.server";
import { fieldValuesOf } from "~/modules/requests/queries.server";
import { formatCode } from "~/modules/verification/code";
import { emptyPlaceholders, fieldPlaceholder, fillPlaceholders, OPTIONAL_EXAMPLE } from "./placeholders";
import { messageWith } from "~/platform/forms/messages";
import { cleanText } from "~/utils/text";
import { findTemplate } from "./queries.server";
import { findRequestForStaff } from "~/modules/requests/staff-queries.server";
import { done, refused } from "~/platform/outcome";

export type Template = NonNullable<Awaited<ReturnType<typeof findTemplate>>>;

/** Page sizes in points, portrait. */
const PAGES = { A4: [595.28, 841.89], LETTER: [612, 792] } as const;

// A placeholder's date is written in the language of the text it is in; Latin digits in both (docs/architecture.md §9).
const DATES = {
  en: {
    gregorian: new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }),
    hijri: new Intl.DateTimeFormat("en-GB-u-ca-islamic-umalqura", { dateStyle: "long", timeZone: "UTC" }),
  },
  ar: {
    gregorian: new Intl.DateTimeFormat("ar-u-nu-latn", { dateStyle: "long", timeZone: "UTC" }),
    hijri: new Intl.DateTimeFormat("ar-u-ca-islamic-umalqura-nu-latn", { dateStyle: "long", timeZone: "UTC" }),
  },
};

/** What a request gives a template: its beneficiary, its category (and its filled fields, read by its id). */
export interface TemplateRequest {
  id: number;
  first_name_en: string | null;
  father_name_en: string | null;
  last_name_en: string | null;
  first_name_ar: string | null;
  father_name_ar: string | null;
  last_name_ar: string | null;
  nin: string | null;
  category_en: string;
  category_ar: string;
}

const joined = (...parts: (string | null)[]) => parts.filter(Boolean).join(" ");
/** Shown where a draft's code will go: it verifies nothing. */
const DRAFT_CODE = "XXXX-XXXX-XXXX-XXXX";

/** What fills a template: the request's beneficiary and category, and its fields by name. */
export type TemplateSubject = Omit<TemplateRequest, "id"> & { fields: Record<string, string> };

/** A stored request as a template's subject. */
export async function subjectOf(db: DB, request: TemplateRequest): Promise<TemplateSubject> {
  const fields = Object.fromEntries(
    (await fieldValuesOf(db, request.id)).map((field) => [field.field_name, field.field_value]),
  );
  return { ...request, fields };
}

/** The values of every placeholder, in one language. */
function valuesOf(request: TemplateSubject, facts: { code: string | null; issuedAt: Date; expiry: string }) {
  const fields = Object.fromEntries(
    Object.entries(request.fields).map(([name, value]) => [fieldPlaceholder(name), value]),
  );
  const expiry = new Date(facts.expiry);
  return (lng: "en" | "ar") => ({
    ...fields,
    "beneficiary.name.en": joined(request.first_name_en, request.father_name_en, request.last_name_en),
    "beneficiary.name.ar": joined(request.first_name_ar, request.father_name_ar, request.last_name_ar),
    "beneficiary.nationalId": request.nin ?? "",
    "category.name.en": request.category_en,
    "category.name.ar": request.category_ar,
    issueDate: DATES[lng].gregorian.format(facts.issuedAt),
    "issueDate.hijri": DATES[lng].hijri.format(facts.issuedAt),
    expiryDate: DATES[lng].gregorian.format(expiry),
    "expiryDate.hijri": DATES[lng].hijri.format(expiry),
    verificationCode: facts.code ? formatCode(facts.code) : DRAFT_CODE,
  });
}

const imageOf = async (db: DB, fileId: number | null) => {
  const file = fileId === null ? undefined : await findFile(db, fileId);
  return file ? { bytes: await readStoredFile(file), mimeType: file.mime_type } : undefined;
};

/**
 * A request's document drawn from its category's template (docs/architecture.md §21): a draft (watermarked, no code)
 * for the preview, or the document itself, which then goes through the issuing pipeline like an upload.
 */
export async function templateDocument(
  db: DB,
  template: Template,
  request: TemplateSubject,
  facts: { code: string | null; issuedAt: Date; expiry: string },
  /** A draft's watermark, one word a line; a document to issue has none. */
  options: { watermark?: string[] } = {},
) {
  const values = valuesOf(request, facts);
  const [en, ar] = [values("en"), values("ar")];
  const [short, long] = PAGES[template.page_size];
  // Each value cleaned of bidi controls (whatever wrote it) and isolated: it keeps its own order, and the text's.
  const isolated = (value: string) => isolate(cleanText(value));
  const title = {
    en: fillPlaceholders(template.title_en, en, isolated),
    ar: fillPlaceholders(template.title_ar, ar, isolated),
  };
  return renderTemplatePdf(
    {
      kind: "template",
      page: template.orientation === "LANDSCAPE" ? [long, short] : [short, long],
      title,
      body: {
        en: fillPlaceholders(template.body_en, en, isolated),
        ar: fillPlaceholders(template.body_ar, ar, isolated),
      },
      logo: await imageOf(db, template.logo_file_id),
      signatureImage: await imageOf(db, template.signature_file_id),
      watermark: options.watermark,
      meta: {
        issuedAt: facts.issuedAt.toISOString(),
        title: `${title.ar} / ${title.en}`.replace(/[\u2066-\u2069]/g, ""),
      },
    },
    template.client_id,
  );
}

/** The placeholders of a template that this subject would print empty (not marked optional). */
export function templateGaps(template: Template, subject: TemplateSubject) {
  const values = valuesOf(subject, { code: "0", issuedAt: new Date(), expiry: "2000-01-01" });
  return emptyPlaceholders([template.title_en, template.body_en], values("en"))
    .concat(emptyPlaceholders([template.title_ar, template.body_ar], values("ar")))
    .filter((name, index, all) => all.indexOf(name) === index);
}

/** The refusal that names the placeholders a document would print empty (the issue form's, the preview's). */
export const emptyPlaceholdersRefusal = (names: string[]) =>
  refused(messageWith("templates.emptyPlaceholders", { names: names.join(", "), example: OPTIONAL_EXAMPLE }));

/**
 * A request's document to issue from its category's template: drawn by the issuing pipeline once the code is known
 * (refused when the category has no template).
 */
export async function templateIssueSource(db: DB, requestId: number) {
  const facts = await findRequestForStaff(db, requestId);
  const template = facts ? await findTemplate(db, facts.document_category_id) : undefined;
  if (!facts || !template) return refused("templates.none");
  const subject = await subjectOf(db, facts);
  const gaps = templateGaps(template, subject);
  if (gaps.length) return emptyPlaceholdersRefusal(gaps);
  return done({
    document: {
      name: `${facts.category_en}.pdf`,
      draw: (issued: { code: string; issuedAt: Date; expiry: string }) =>
        templateDocument(db, template, subject, issued),
    },
  });
}
