import { i18nFor } from "~/platform/i18n/instances.server";
import type { Language } from "~/platform/i18n/languages";
import { env } from "~/platform/env.server";

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!);
// XML 1.0 forbids most control characters, even escaped.
// eslint-disable-next-line no-control-regex -- these are the characters to remove
const clean = (text: string) => escapeXml(text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ""));

interface FeedItem {
  slug: string;
  title_en: string;
  title_ar: string;
  body_en: string;
  body_ar: string;
  published_at: string | null;
  updated_at: string;
}

/** An Atom feed (RFC 4287) of an organisation's published announcements: one entry each, newest first. */
export function atomFeed(lng: Language, client: { id: number; name_en: string; name_ar: string }, items: FeedItem[]) {
  const { t } = i18nFor(lng);
  const pick = (en: string, ar: string) => (lng === "en" ? en : ar);
  const organisation = pick(client.name_en, client.name_ar);
  // Each language is a feed of its own: its own id and self link (the `lng` parameter picks it).
  const list = `${env.publicUrl}/organisations/${client.id}/announcements?lng=${lng}`;
  const self = `${env.publicUrl}/organisations/${client.id}/announcements.atom?lng=${lng}`;
  const updated =
    items
      .map((item) => item.updated_at)
      .sort()
      .at(-1) ?? new Date(0).toISOString();
  const entries = items.map((item) => {
    const url = `${env.publicUrl}/public-announcements/${item.slug}?lng=${lng}`;
    const summary = pick(item.body_en, item.body_ar).replace(/\s+/g, " ").trim().slice(0, 300);
    return [
      "<entry>",
      `<id>${clean(url)}</id>`,
      `<title>${clean(pick(item.title_en, item.title_ar))}</title>`,
      `<link rel="alternate" type="text/html" href="${clean(url)}"/>`,
      `<published>${item.published_at ?? item.updated_at}</published>`,
      `<updated>${item.updated_at}</updated>`,
      `<summary>${clean(summary)}</summary>`,
      "</entry>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lng}">`,
    `<id>${clean(list)}</id>`,
    `<title>${clean(t("announcements.organisationTitle", { organisation }))}</title>`,
    `<updated>${updated}</updated>`,
    `<author><name>${clean(organisation)}</name></author>`,
    `<link rel="self" type="application/atom+xml" href="${clean(self)}"/>`,
    `<link rel="alternate" type="text/html" href="${clean(list)}"/>`,
    ...entries,
    "</feed>",
  ].join("\n");
}
