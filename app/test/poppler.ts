import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Poppler's tools (Debian's poppler-utils) on a PDF's bytes: tools no one here wrote read back what we made. */
function withFile<T>(bytes: Uint8Array, read: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "read-back-"));
  const file = path.join(dir, "document.pdf");
  try {
    fs.writeFileSync(file, bytes);
    return read(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `pdffonts`: each font of the file, and whether it is embedded. */
export function pdffonts(bytes: Uint8Array) {
  const lines = withFile(bytes, (file) => execFileSync("pdffonts", [file]).toString("utf8"))
    .split("\n")
    .slice(2);
  return lines
    .filter((line) => line.trim())
    .map((line) => {
      const columns = line.trim().split(/\s+/);
      // name type... encoding emb sub uni object ID: the last five columns are emb sub uni object generation.
      return { name: columns[0], embedded: columns.at(-5) === "yes" };
    });
}

/** `pdfinfo -isodates`: the Info dictionary's fields. */
export function pdfinfo(bytes: Uint8Array): Record<string, string> {
  const text = withFile(bytes, (file) => execFileSync("pdfinfo", ["-isodates", file]).toString("utf8"));
  return Object.fromEntries(
    text
      .split("\n")
      .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
      .filter((match): match is RegExpExecArray => Boolean(match))
      .map((match) => [match[1].trim(), match[2].trim()]),
  );
}

/** `pdfsig`: its report of the file's signatures. */
export function pdfsig(bytes: Uint8Array) {
  return withFile(bytes, (file) => {
    try {
      return execFileSync("pdfsig", [file]).toString("utf8");
    } catch (error) {
      return String((error as { stdout?: Buffer }).stdout ?? error);
    }
  });
}

/** Text as compared after extraction: no whitespace, no directional marks (pdftotext adds them around runs). */
export const squeezed = (text: string) => text.replace(/[\s\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "");
