import { z } from "zod";

export const ANNOUNCEMENT_STATUSES = ["DRAFT", "PUBLISHED"] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

export const announcementStatusFilterSchema = z.enum(ANNOUNCEMENT_STATUSES).optional().catch(undefined);

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const text = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/**
 * The create and edit form (docs/architecture.md §6.5): title and body in English and Arabic, plain text; the slug is
 * optional (made from the English title when empty). `intent` says whether to save a draft or publish.
 */
export const announcementSchema = z.object({
  title: z.object({
    english: text("announcements.titleEnglishRequired", 200, "announcements.titleMax"),
    arabic: text("announcements.titleArabicRequired", 200, "announcements.titleMax"),
  }),
  body: z.object({
    english: text("announcements.bodyEnglishRequired", 20_000, "announcements.bodyMax"),
    arabic: text("announcements.bodyArabicRequired", 20_000, "announcements.bodyMax"),
  }),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(80, "announcements.slugInvalid")
    .refine((value) => value === "" || SLUG.test(value), "announcements.slugInvalid")
    .default(""),
  intent: z.enum(["draft", "publish"]).default("draft"),
});
export type AnnouncementInput = z.input<typeof announcementSchema>;
export type AnnouncementValues = z.output<typeof announcementSchema>;

/** The detail page's actions. */
export const announcementActionSchema = z.object({ intent: z.enum(["publish", "unpublish", "delete"]) });

/** A slug from the English title: lower-case ASCII letters and digits joined by hyphens. */
export function slugify(title: string) {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 70)
    .replace(/-+$/, "");
  return slug || "announcement";
}

/** A body's paragraphs (blank lines separate them); each a list of text and link runs. URLs become links. */
export function paragraphsOf(body: string): ({ text: string } | { href: string })[][] {
  return body
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => {
      const runs: ({ text: string } | { href: string })[] = [];
      let last = 0;
      for (const match of paragraph.matchAll(/https?:\/\/[^\s<>"']+/g)) {
        const href = match[0].replace(/[.,;:!?)\]]+$/, "");
        if (match.index > last) runs.push({ text: paragraph.slice(last, match.index) });
        runs.push({ href });
        last = match.index + href.length;
      }
      if (last < paragraph.length) runs.push({ text: paragraph.slice(last) });
      return runs;
    });
}
