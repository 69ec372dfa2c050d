import { Readable } from "node:stream";
import type ExcelJS from "exceljs";
import { loadExcelJs } from "~/platform/exports/excel.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import { BULK_MAX_ROWS } from "./columns";
import { workbookParts } from "./workbook-parts.server";

/** A file's first sheet (or its CSV) as text cells: its header, then its rows, with their line numbers. */
export interface Table {
  header: string[];
  rows: { line: number; cells: string[] }[];
}
/** The table, or why it cannot be read (a locale key, its values in `details`). */
export type TableResult = Outcome<{ table: Table }>;

/** An XLSX is a zip: its first bytes are a local file header. */
const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** A cell of ExcelJS as the text a person typed: dates as YYYY-MM-DD, links and rich text as their text. */
function textOf(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((part) => part.text).join("");
    if ("text" in value) return textOf(value.text as ExcelJS.CellValue);
    if ("result" in value) return textOf(value.result as ExcelJS.CellValue);
    if ("error" in value) return "";
    return "";
  }
  return String(value).trim();
}

async function readWorkbook(bytes: Uint8Array): Promise<TableResult> {
  const parts = await workbookParts(bytes);
  if (!parts) return refused("bulk.unreadableFile");
  const excel = await loadExcelJs();
  const reader = new excel.stream.xlsx.WorkbookReader(Readable.from(parts), {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "cache",
    entries: "emit",
  });
  const lines: { line: number; cells: string[] }[] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1).map(textOf);
        lines.push({ line: row.number, cells: values });
        if (lines.length > BULK_MAX_ROWS + 1) break;
      }
      break; // the first sheet only
    }
  } catch {
    return refused("bulk.unreadableFile");
  }
  return tableOf(lines);
}

/** RFC 4180 CSV (UTF-8, with or without a byte order mark), separated by commas or, as Excel writes in some locales, semicolons. */
function readCsv(bytes: Uint8Array): TableResult {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return refused("bulk.notUtf8");
  }
  if (text.startsWith("\uFEFF")) text = text.slice(1);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  const lines: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let startLine = 1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === "\n") line++;
        cell += char;
      }
    } else if (char === '"' && cell === "") quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      cells.push(cell);
      lines.push({ line: startLine, cells: cells.map((value) => value.trim()) });
      if (lines.length > BULK_MAX_ROWS + 1) break;
      cells = [];
      cell = "";
      line++;
      startLine = line;
    } else cell += char;
  }
  if (cell !== "" || cells.length > 0) {
    cells.push(cell);
    lines.push({ line: startLine, cells: cells.map((value) => value.trim()) });
  }
  return tableOf(lines);
}

function tableOf(lines: { line: number; cells: string[] }[]): TableResult {
  const filled = lines.filter((line) => line.cells.some((cell) => cell !== ""));
  if (filled.length === 0) return refused("bulk.emptyFile");
  const [header, ...rows] = filled;
  if (rows.length > BULK_MAX_ROWS) return refused("bulk.tooManyRows", undefined, { max: BULK_MAX_ROWS });
  if (rows.length === 0) return refused("bulk.noRows");
  return done({ table: { header: header.cells, rows } });
}

/** A bulk file, CSV or XLSX, told apart by its content (never by its name). */
export async function readTable(bytes: Uint8Array): Promise<TableResult> {
  return isZip(bytes) ? readWorkbook(bytes) : readCsv(bytes);
}
