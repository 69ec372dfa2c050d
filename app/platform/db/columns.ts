/** A person's names in both languages, as the users table and a bulk file's columns hold them. */
export const PERSON_NAMES = [
  "first_name_en",
  "father_name_en",
  "last_name_en",
  "first_name_ar",
  "father_name_ar",
  "last_name_ar",
] as const;

/**
 * The holder's names as the staff pages, the verification page and the documents show them, for queries that
 * join the holder as `users as b`.
 */
export const HOLDER_NAMES = PERSON_NAMES.map((name) => `b.${name}` as const);

/** The holder's names and how to reach them (the staff pages). */
export const HOLDER_CONTACT = [
  ...HOLDER_NAMES,
  "b.email",
  "b.phone",
  "b.nin",
  "b.nin_verified_at",
  "b.nin_verified_method",
] as const;

/** The client's names, for queries that join the client as `cl`. */
export const CLIENT_NAMES = ["cl.name_en as client_en", "cl.name_ar as client_ar"] as const;

/** The category's names, for queries that join the category as `c`. */
export const CATEGORY_NAMES = ["c.name_en as category_en", "c.name_ar as category_ar"] as const;

/** What a category's document costs and how long it holds, for queries that join the category as `c`. */
export const CATEGORY_TERMS = ["c.fee", "c.currency", "c.validity_period_days"] as const;

/** What the pages say of a stored file, for queries that join it as `f`. */
export const FILE_FACTS = ["f.original_name", "f.mime_type", "f.size", "f.total_pages"] as const;

/**
 * What every reader of an issued document is told of it (the verification page, the credential): the document, its
 * issuer and its holder, for queries that join the issuer as `c` and the holder as `b` (issuedDocumentsWithParties).
 */
export const ISSUED_DOCUMENT_FACTS = [
  "d.id",
  "d.kind",
  "d.beneficiary_id",
  "d.verification_code",
  "d.document_name_en",
  "d.document_name_ar",
  "d.document_hash",
  "d.expiry_date",
  "d.created_at",
  "d.status",
  "d.secure_plus_enabled",
  "c.name_en as issuer_en",
  "c.name_ar as issuer_ar",
  ...HOLDER_NAMES,
] as const;
