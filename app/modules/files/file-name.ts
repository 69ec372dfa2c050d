// Control characters, and the marks and overrides that reorder text ("invoice\u202Efdp.exe" shows as
// "invoiceexe.pdf"): none is kept in a stored file name.
const UNSAFE = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** A file name as it may be stored and shown: its last path part, without control or bidi characters. */
export function safeFileName(name: string, fallback = "file"): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  const cleaned = base.replace(UNSAFE, "").replace(/\s+/g, " ").trim().slice(0, 200);
  return cleaned === "" || cleaned === "." || cleaned === ".." ? fallback : cleaned;
}
