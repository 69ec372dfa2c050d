/** The calendars a person may read dates in (docs/architecture.md §9): the database stores one of these names. */
export const CALENDARS = ["GREGORIAN", "HIJRI", "BOTH"] as const;
export type Calendar = (typeof CALENDARS)[number];
