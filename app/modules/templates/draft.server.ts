import crypto from "node:crypto";
import type { DB } from "~/platform/db/db.server";
import { i18nFor } from "~/platform/i18n/instances.server";
import { enforceRateLimit } from "~/platform/security/rate-limit.server";
import { templateDocument, type Template, type TemplateSubject } from "./render.server";

/**
 * Drafts (the preview beside the issue screen) cost the stamping threads what a document costs: each person may
 * draw PREVIEWS_PER_MINUTE a minute (a 429 past it), and a draft already drawn today for the same template, request
 * and expiry is served again from memory (README, Security limits).
 */
const PREVIEWS_PER_MINUTE = 20;
const CACHE_ENTRIES = 64;
const CACHE_BYTES = 32 * 1024 * 1024;
const drafts = new Map<string, Uint8Array>();

function remember(key: string, bytes: Uint8Array) {
  drafts.set(key, bytes);
  let total = [...drafts.values()].reduce((sum, draft) => sum + draft.byteLength, 0);
  for (const [oldest, draft] of drafts) {
    if (drafts.size <= CACHE_ENTRIES && total <= CACHE_BYTES) break;
    drafts.delete(oldest);
    total -= draft.byteLength;
  }
}

/** A request's draft: watermarked DRAFT in both languages, with no code (throws a Refusal, or a 429). */
export async function draftDocument(
  db: DB,
  viewer: { userId: number },
  template: Template,
  subject: TemplateSubject,
  expiry: string,
) {
  await enforceRateLimit(`preview:${viewer.userId}`, PREVIEWS_PER_MINUTE);
  const issuedAt = new Date();
  const key = crypto
    .createHash("sha256")
    .update(JSON.stringify([template, subject, expiry, issuedAt.toISOString().slice(0, 10)]))
    .digest("hex");
  const cached = drafts.get(key);
  if (cached) {
    // Served again: it becomes the newest.
    drafts.delete(key);
    drafts.set(key, cached);
    return cached;
  }
  const bytes = await templateDocument(
    db,
    template,
    subject,
    { code: null, issuedAt, expiry },
    { watermark: [i18nFor("en").t("templates.draft"), i18nFor("ar").t("templates.draft")] },
  );
  remember(key, bytes);
  return bytes;
}
