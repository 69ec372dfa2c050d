/**
 * What typed text may hold. Bidi overrides, embeddings and isolates (U+202A-U+202E, U+2066-U+2069) let a
 * name display as something else ("evil.exe" shown as "exe.live"), and control characters break mails,
 * feeds and headers: they are removed from every field of every form and JSON body, as from file names.
 * Tabs and line breaks stay (multi-line fields), and so do the marks U+200E/U+200F, which Arabic text with
 * Latin or numbers may need to show its punctuation in place. Passwords are taken as typed.
 */
// eslint-disable-next-line no-control-regex -- these are the characters removed
const UNSAFE_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufff9-\ufffb]/g;

export const cleanText = (text: string) => text.replace(UNSAFE_TEXT, "");

/** Fields whose value is a secret taken exactly as typed. */
const VERBATIM = /password/i;

export const cleanField = (name: string, value: string) => (VERBATIM.test(name) ? value : cleanText(value));

/** Every string of a JSON value, cleaned (its keys too); passwords as typed. */
export function cleanJson(value: unknown, key = ""): unknown {
  if (typeof value === "string") return cleanField(key, value);
  if (Array.isArray(value)) return value.map((item) => cleanJson(item, key));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [cleanText(name), cleanJson(item, name)]));
  return value;
}
