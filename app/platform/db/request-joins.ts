import type { Kysely, SelectQueryBuilder } from "kysely";
import type { Database } from "./schema";

/** Requests read as `r`, as every request query starts. */
export type RequestsAs<O> = SelectQueryBuilder<Database & { r: Database["document_requests"] }, "r", O>;

/** A request query joined with its category (`c`) and its client (`cl`), as every request list and page reads it. */
export const withCategoryAndClient = <O>(requests: RequestsAs<O>) =>
  requests
    .innerJoin("document_categories as c", "c.id", "r.document_category_id")
    .innerJoin("clients as cl", "cl.id", "r.client_id");

/** Issued documents read as `d`, joined with their issuer (`c`) and their holder (`b`): what ISSUED_DOCUMENT_FACTS reads. */
export const issuedDocumentsWithParties = (db: Kysely<Database>) =>
  db
    .selectFrom("issued_documents as d")
    .innerJoin("clients as c", "c.id", "d.client_id")
    .innerJoin("users as b", "b.id", "d.beneficiary_id");
