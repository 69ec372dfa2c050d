import { insertRow } from "~/platform/db/rows";
import { pageOf } from "~/platform/db/paging";
import type { DB } from "~/platform/db/db.server";
import { inChunks } from "~/platform/db/keyset";
import type { AnnouncementStatus } from "./schema";
import { CLIENT_NAMES } from "~/platform/db/columns";

export interface AnnouncementListFilter {
  clientId?: number;
  status?: AnnouncementStatus;
  page: number;
  size: number;
}

function filteredAnnouncements(db: DB, filter: Omit<AnnouncementListFilter, "page" | "size">) {
  let query = db.selectFrom("public_announcements as p");
  if (filter.clientId !== undefined) query = query.where("p.client_id", "=", filter.clientId);
  if (filter.status) query = query.where("p.status", "=", filter.status);
  return query;
}

const LIST_COLUMNS = [
  "p.id",
  "p.slug",
  "p.title_en",
  "p.title_ar",
  "p.status",
  "p.published_at",
  "p.updated_at",
  ...CLIENT_NAMES,
] as const;

/** Staff lists: a client's announcements (or all), newest first. */
export async function listAnnouncements(db: DB, filter: AnnouncementListFilter) {
  const base = filteredAnnouncements(db, filter);
  return pageOf(
    base,
    base
      .innerJoin("clients as cl", "cl.id", "p.client_id")
      .select([...LIST_COLUMNS])
      .orderBy("p.id", "desc"),
    filter,
  );
}

/** Every announcement the list's filters select, in id order, a chunk at a time (exports). */
export function announcementsForExport(db: DB, filter: Omit<AnnouncementListFilter, "page" | "size">) {
  return inChunks((after, limit) =>
    filteredAnnouncements(db, filter)
      .innerJoin("clients as cl", "cl.id", "p.client_id")
      .select([...LIST_COLUMNS, "p.created_at"])
      .where("p.id", ">", after)
      .orderBy("p.id")
      .limit(limit)
      .execute(),
  );
}

const withClient = (db: DB) =>
  db
    .selectFrom("public_announcements as p")
    .innerJoin("clients as cl", "cl.id", "p.client_id")
    .select([
      "p.id",
      "p.client_id",
      "p.author_id",
      "p.slug",
      "p.title_en",
      "p.title_ar",
      "p.body_en",
      "p.body_ar",
      "p.status",
      "p.published_at",
      "p.created_at",
      "p.updated_at",
      ...CLIENT_NAMES,
      "cl.can_do_sincera",
    ]);

/** One announcement with its organisation (scope is checked by the caller). */
export function findAnnouncement(db: DB, id: number) {
  if (!Number.isSafeInteger(id)) return Promise.resolve(undefined);
  return withClient(db).where("p.id", "=", id).executeTakeFirst();
}

/** The public page's announcement: published, of an organisation that may publish. */
export function findPublishedBySlug(db: DB, slug: string) {
  return withClient(db)
    .where("p.slug", "=", slug)
    .where("p.status", "=", "PUBLISHED")
    .where("cl.can_do_sincera", "=", 1)
    .executeTakeFirst();
}

/** An organisation's published announcements, newest first (its public list and feed). */
export function publishedOfClient(db: DB, clientId: number, limit = 50) {
  return withClient(db)
    .where("p.client_id", "=", clientId)
    .where("p.status", "=", "PUBLISHED")
    .orderBy("p.published_at", "desc")
    .orderBy("p.id", "desc")
    .limit(limit)
    .execute();
}

/** An organisation that publishes announcements (its public list answers 404 otherwise). */
export function findPublishingClient(db: DB, clientId: number) {
  if (!Number.isSafeInteger(clientId)) return Promise.resolve(undefined);
  return db
    .selectFrom("clients")
    .select(["id", "name_en", "name_ar"])
    .where("id", "=", clientId)
    .where("can_do_sincera", "=", 1)
    .executeTakeFirst();
}

export async function isSlugTaken(db: DB, slug: string, exceptId: number | null) {
  let query = db.selectFrom("public_announcements").select("id").where("slug", "=", slug);
  if (exceptId !== null) query = query.where("id", "!=", exceptId);
  return Boolean(await query.executeTakeFirst());
}

export interface AnnouncementRow {
  slug: string;
  title_en: string;
  title_ar: string;
  body_en: string;
  body_ar: string;
  status: AnnouncementStatus;
  published_at: string | null;
}

export async function insertAnnouncement(db: DB, values: AnnouncementRow & { client_id: number; author_id: number }) {
  return insertRow(db, "public_announcements", values);
}

export async function updateAnnouncement(
  db: DB,
  id: number,
  values: Partial<AnnouncementRow> & { updated_at: string },
) {
  await db.updateTable("public_announcements").set(values).where("id", "=", id).execute();
}

/** Deletes a DRAFT; false when it is (no longer) a draft. */
export async function deleteDraft(db: DB, id: number) {
  const result = await db
    .deleteFrom("public_announcements")
    .where("id", "=", id)
    .where("status", "=", "DRAFT")
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
