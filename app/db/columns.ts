/**
 * The holder's names as the staff pages, the verification page and the documents show them, for queries that
 * join the holder as `users as b`.
 */
export const HOLDER_NAMES = [
  "b.first_name_en",
  "b.father_name_en",
  "b.last_name_en",
  "b.first_name_ar",
  "b.father_name_ar",
  "b.last_name_ar",
] as const;

/** The holder's names and how to reach them (the staff pages). */
export const HOLDER_CONTACT = [...HOLDER_NAMES, "b.email", "b.phone", "b.nin"] as const;
