import { conflict, done, type Outcome } from "~/platform/outcome";
import type { DB } from "~/platform/db/db.server";
import { audit, type AuditActor } from "~/modules/audit/service.server";
import { deleteDraft, findAnnouncement, insertAnnouncement, isSlugTaken, updateAnnouncement } from "./queries.server";
import { slugify, type AnnouncementValues } from "./schema";
import { nowIso } from "~/platform/db/values";

export type Announcement = NonNullable<Awaited<ReturnType<typeof findAnnouncement>>>;
type Actor = AuditActor & { userId: number };

export type SaveResult = Outcome<{ id: number }>;

const event = (
  announcement: { id: number; client_id: number },
  action: string,
  details: Record<string, unknown> = {},
) => ({
  clientId: announcement.client_id,
  action: `announcement.${action}`,
  entityType: "PUBLIC_ANNOUNCEMENTS",
  entityId: announcement.id,
  details,
});

/** A slug made from the title gets -2, -3... when taken; one typed by the clerk must be free. */
async function slugFor(db: DB, values: AnnouncementValues, exceptId: number | null): Promise<string | null> {
  if (values.slug) return (await isSlugTaken(db, values.slug, exceptId)) ? null : values.slug;
  const base = slugify(values.title.english);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await isSlugTaken(db, candidate, exceptId))) return candidate;
  }
}

/**
 * Creates (existing null) or edits an announcement of the clerk's client (docs/architecture.md §6.5), saving it as a draft
 * or publishing it; audited: create or update, and publish when it goes public.
 */
export async function saveAnnouncement(
  db: DB,
  existing: Announcement | null,
  clientId: number,
  values: AnnouncementValues,
  actor: Actor,
): Promise<SaveResult> {
  return db.transaction().execute(async (trx) => {
    const slug = await slugFor(trx, values, existing?.id ?? null);
    if (!slug) return conflict("announcements.slugTaken", "slug");
    const now = nowIso();
    const publish = values.intent === "publish" && existing?.status !== "PUBLISHED";
    const texts = {
      slug,
      title_en: values.title.english,
      title_ar: values.title.arabic,
      body_en: values.body.english,
      body_ar: values.body.arabic,
    };
    let id: number;
    if (existing) {
      id = existing.id;
      await updateAnnouncement(trx, id, {
        ...texts,
        updated_at: now,
        ...(publish ? { status: "PUBLISHED" as const, published_at: now } : {}),
      });
      await audit(trx, actor, event(existing, "update", { slug }));
    } else {
      id = await insertAnnouncement(trx, {
        ...texts,
        client_id: clientId,
        author_id: actor.userId,
        status: publish ? "PUBLISHED" : "DRAFT",
        published_at: publish ? now : null,
      });
      await audit(trx, actor, event({ id, client_id: clientId }, "create", { slug }));
    }
    if (publish) await audit(trx, actor, event({ id, client_id: clientId }, "publish"));
    return done({ id });
  });
}

/** Publish or unpublish (the super admin may unpublish any); `changed` false when it already is. */
export async function setPublished(
  db: DB,
  announcement: Announcement,
  published: boolean,
  actor: Actor,
): Promise<Outcome<{ changed: boolean }>> {
  if ((announcement.status === "PUBLISHED") === published) return done({ changed: false });
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await updateAnnouncement(
      trx,
      announcement.id,
      published ? { status: "PUBLISHED", published_at: now, updated_at: now } : { status: "DRAFT", updated_at: now },
    );
    await audit(trx, actor, event(announcement, published ? "publish" : "unpublish"));
  });
  return done({ changed: true });
}

/** Drafts only: a published announcement is unpublished first. */
export async function deleteAnnouncement(db: DB, announcement: Announcement, actor: Actor): Promise<Outcome> {
  return db.transaction().execute(async (trx) => {
    if (!(await deleteDraft(trx, announcement.id))) return conflict("announcements.deleteOnlyDrafts");
    await audit(trx, actor, event(announcement, "delete", { slug: announcement.slug, title: announcement.title_en }));
    return done();
  });
}
