import { PERSON_NAMES } from "~/platform/db/columns";

/**
 * The columns of a bulk issuance file (docs/architecture.md §21): who the document is for, then the category's fields
 * by their field name, then an optional expiry date. Shared by the upload screen (which lists them) and the check.
 */
export const PERSON_COLUMNS = ["national_id", "email", ...PERSON_NAMES, "phone"] as const;
export type PersonColumn = (typeof PERSON_COLUMNS)[number];
export const EXPIRY_COLUMN = "expiry_date";

/** A file's limits (README, Security limits): rows after the header, and bytes. */
export const BULK_MAX_ROWS = 10_000;
export const BULK_MAX_BYTES = 10 * 1024 * 1024;
/** The report shows this many problems; the count says how many there are in all. */
export const REPORT_MAX_PROBLEMS = 200;
