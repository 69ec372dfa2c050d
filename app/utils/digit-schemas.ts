import { z } from "zod";
import { parseUserDate, toLatinDigits } from "./digits";

/*
 * The zod side of digits.ts, apart from it: a page that only shows numbers and dates (most pages, through the
 * verification code's and the dates' formatting) loads digits.ts without zod (docs/architecture.md §11, weight).
 */

/**
 * A field of digits (phone, national id, PIN, code, amount): Eastern digits become 0-9 before it is checked.
 * Typed as the schema it wraps (it takes what that schema takes, and anything else is left to it).
 */
export const latinDigits = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" ? toLatinDigits(value) : value), schema) as unknown as T;

/**
 * A date field: whatever parseUserDate reads becomes ISO; anything else stays as typed and fails `dateKey`, a
 * date-shaped impossible one ("2025-13-40", "2026-02-30") too: only a real calendar date is printed on a document.
 */
export const userDate = (dateKey: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? (parseUserDate(value) ?? value) : value),
    z
      .string({ error: dateKey })
      .trim()
      .refine((text) => /^\d{4}-\d{2}-\d{2}$/.test(text) && parseUserDate(text) === text, dateKey),
  ) as unknown as z.ZodString;
