import { PERSON_NAMES } from "~/platform/db/columns";
import { sql, type SelectQueryBuilder } from "kysely";
import type { Database } from "~/platform/db/schema";
import type { DB } from "~/platform/db/db.server";

const CHUNK = 500;
const chunks = <T>(list: T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * The accounts a file names, by national id and by email (lower-cased), in chunks the databases take: only those the
 * organisation already knows (its staff, and whoever has a request, a document or an attestation with it). The dry run
 * tells a clerk nothing of anyone else, not even that they have an account (docs/decisions/0022).
 */
export async function findPeopleOf(db: DB, clientId: number, nins: string[], emails: string[]) {
  const columns = ["id", "role", "nin", "email", "status", "nin_verified_at", ...PERSON_NAMES] as const;
  // The organisation knows a person through one of these rows: its staff, and whoever has asked it or holds its paper.
  const LINKS = [
    ["clerks", "user_id"],
    ["client_admins", "user_id"],
    ["document_requests", "beneficiary_id"],
    ["issued_documents", "beneficiary_id"],
    ["attestations", "beneficiary_id"],
  ] as const;
  const knownHere = (query: SelectQueryBuilder<Database, "users", object>) =>
    query.where((eb) =>
      eb.or(
        LINKS.map(([table, person]) =>
          eb.exists(
            eb
              .selectFrom(table)
              .select(sql.lit(1).as("one"))
              .whereRef(sql.ref(`${table}.${person}`), "=", sql.ref("users.id"))
              .where(sql.ref(`${table}.client_id`), "=", clientId),
          ),
        ),
      ),
    );
  const found = [];
  for (const part of chunks(nins))
    found.push(...(await knownHere(db.selectFrom("users")).select(columns).where("nin", "in", part).execute()));
  for (const part of chunks(emails))
    found.push(
      ...(await knownHere(db.selectFrom("users"))
        .select(columns)
        .where(sql<string>`lower(email)`, "in", part)
        .execute()),
    );
  return found;
}

/** What a bulk job's page shows: the job, and its category's names. */
const BULK_JOB_COLUMNS = [
  "jobs.id",
  "jobs.client_id",
  "jobs.category_id",
  "jobs.title",
  "jobs.status",
  "jobs.total_items",
  "jobs.started_at",
  "jobs.created_at",
  "document_categories.name_en as category_en",
  "document_categories.name_ar as category_ar",
] as const;

/** A bulk issuance with its category's names (its `client_id` scopes it). */
export function findBulkJob(db: DB, id: number) {
  return db
    .selectFrom("jobs")
    .innerJoin("document_categories", "document_categories.id", "jobs.category_id")
    .select(BULK_JOB_COLUMNS)
    .where("jobs.id", "=", id)
    .where("jobs.kind", "=", "BULK_ISSUE")
    .executeTakeFirst();
}

/** A category's bulk issuances, newest first (its bulk page lists them). */
export function jobsOfCategory(db: DB, categoryId: number, limit: number) {
  return db
    .selectFrom("jobs")
    .select(["id", "title", "status", "total_items", "created_at"])
    .where("category_id", "=", categoryId)
    .where("kind", "=", "BULK_ISSUE")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** What issuing a job's rows needs of it: its category (names, validity), its client (names), and who started it. */
const BULK_JOB_CONTEXT = [
  "jobs.id",
  "c.client_id",
  "jobs.category_id",
  "jobs.created_by",
  "u.role as creator_role",
  "c.name_en as category_en",
  "c.name_ar as category_ar",
  "c.validity_period_days",
  "cl.name_en as client_en",
  "cl.name_ar as client_ar",
] as const;

/** What issuing a job's rows needs: its category (names, validity), its client (names), and who started it. */
export function findBulkJobContext(db: DB, jobId: number) {
  return db
    .selectFrom("jobs")
    .innerJoin("document_categories as c", "c.id", "jobs.category_id")
    .innerJoin("clients as cl", "cl.id", "c.client_id")
    .innerJoin("users as u", "u.id", "jobs.created_by")
    .select(BULK_JOB_CONTEXT)
    .where("jobs.id", "=", jobId)
    .executeTakeFirst();
}

/**
 * The account a row is issued to, found again when it runs (docs/decisions/0022): the account of its email, else the
 * one whose verified national ID it gives. `unverified`: no such account, but an unverified one holds the national ID
 * (the row fails rather than issue to it, or make a second account with it).
 */
export async function findPerson(db: DB, nationalId: string | null, email: string | null) {
  const columns = ["id", "role", "status", ...PERSON_NAMES, "nin", "nin_verified_at"] as const;
  if (email) {
    const byEmail = await db
      .selectFrom("users")
      .select(columns)
      .where(sql<string>`lower(email)`, "=", email)
      .executeTakeFirst();
    if (byEmail) return { person: byEmail, unverified: false };
  }
  const byNin = nationalId
    ? await db
        .selectFrom("users")
        .select(columns)
        .where("nin", "=", nationalId)
        .orderBy("nin_verified_at", "desc")
        .executeTakeFirst()
    : undefined;
  if (byNin?.nin_verified_at) return { person: byNin, unverified: false };
  return { person: undefined, unverified: Boolean(byNin) };
}
