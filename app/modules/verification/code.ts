import { toLatinDigits } from "~/utils/digits";

/** Crockford base32 (no I, L, O, U): 16 characters = 80 bits (docs/architecture.md §7). */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CODE_LENGTH = 16;

export function generateVerificationCode(randomBytes: (size: number) => Uint8Array): string {
  const bytes = randomBytes(CODE_LENGTH);
  let code = "";
  for (const byte of bytes) code += ALPHABET[byte & 31];
  return code;
}

/** `XXXX-XXXX-XXXX-XXXX` for people. */
export const formatCode = (code: string) => code.match(/.{1,4}/g)?.join("-") ?? code;

/** Accepts dashes, spaces and either case; maps the look-alikes Crockford allows. Null when malformed. */
export function normalizeCode(input: string): string | null {
  const cleaned = toLatinDigits(input).toUpperCase().replace(/[\s-]/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
  if (cleaned.length !== CODE_LENGTH) return null;
  for (const char of cleaned) if (!ALPHABET.includes(char)) return null;
  return cleaned;
}
