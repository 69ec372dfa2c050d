import { z } from "zod";
import type { BilingualNote } from "~/utils/bilingual";

/**
 * The zod shapes of a value staff type in both languages (docs/architecture.md §9), posted as
 * `name.english` and `name.arabic`.
 */
const trimmed = (max: number) => z.string().trim().max(max);

/** Both languages required: a document's name. */
export function bothLanguages(messages: { english: string; arabic: string }, max = 200) {
  return z.object(
    {
      english: z.string({ error: messages.english }).trim().min(1, messages.english).max(max),
      arabic: z.string({ error: messages.arabic }).trim().min(1, messages.arabic).max(max),
    },
    { error: messages.english },
  );
}

/** Either language, or both: a note, a reason. `message` when both are empty (or shorter than `min`). */
export function eitherLanguage(message: string, { min = 1, max = 500 }: { min?: number; max?: number } = {}) {
  return z
    .object({ english: trimmed(max).optional(), arabic: trimmed(max).optional() }, { error: message })
    .refine((value) => (value.english ?? "").length >= min || (value.arabic ?? "").length >= min, message);
}

/** Neither required: an address, a note that may be left out. */
export function optionalLanguages(max = 500) {
  return z.object({ english: trimmed(max).optional(), arabic: trimmed(max).optional() }).optional();
}

/** A bilingual value as the database keeps it: empty as null. */
export const storedBilingual = (value: { english?: string; arabic?: string } | undefined): BilingualNote => ({
  en: value?.english || null,
  ar: value?.arabic || null,
});
