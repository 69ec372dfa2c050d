import { PassThrough, Readable } from "node:stream";
import { i18nFor } from "~/platform/i18n/instances.server";
import type { Language } from "~/platform/i18n/languages";
import { csvResponse } from "./csv.server";
import { nowIso } from "~/platform/db/values";
import { loadExcelJs } from "./excel.server";

/**
 * A staff list's download, as CSV or as an Excel workbook (docs/architecture.md §11: streamed as its rows come). Each
 * column says what it holds, so the workbook keeps dates as dates and phone numbers and national ids as
 * text (their leading zeros kept); an Arabic sheet reads right to left.
 */
export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type Cell = string | number | null | undefined;
export interface Column {
  header: string;
  /** `date`: an ISO 8601 string; `text`: never a number, even when it looks like one. */
  kind?: "text" | "number" | "date";
}

export const exportFormatOf = (url: URL): ExportFormat | null => {
  const format = url.searchParams.get("format") ?? "csv";
  return (EXPORT_FORMATS as readonly string[]).includes(format) ? (format as ExportFormat) : null;
};

/** `requests-2026-11-25.csv`: the list's name and the day it was taken. */
const fileNameOf = (list: string, format: ExportFormat) => `${list}-${nowIso().slice(0, 10)}.${format}`;

export function tableResponse(
  format: ExportFormat,
  list: string,
  lng: Language,
  columns: Column[],
  rows: AsyncIterable<Cell[]>,
): Response {
  if (format === "csv")
    return csvResponse(
      fileNameOf(list, "csv"),
      columns.map((column) => column.header),
      rows,
    );
  return new Response(Readable.toWeb(workbookStream(list, lng, columns, rows)) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${fileNameOf(list, "xlsx")}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

const DATE_FORMAT = "yyyy-mm-dd hh:mm";

function cellOf(value: Cell, column: Column): string | number | Date | null {
  if (value === null || value === undefined || value === "") return null;
  if (column.kind === "date") {
    const date = new Date(String(value));
    return Number.isNaN(date.getTime()) ? String(value) : date;
  }
  if (column.kind === "number") return typeof value === "number" ? value : Number(value);
  return String(value);
}

function workbookStream(list: string, lng: Language, columns: Column[], rows: AsyncIterable<Cell[]>): PassThrough {
  const stream = new PassThrough();
  void (async () => {
    try {
      const excel = await loadExcelJs();
      const workbook = new excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
      const sheet = workbook.addWorksheet(list.slice(0, 31), {
        views: [{ rightToLeft: lng === "ar", state: "frozen", ySplit: 1 }],
      });
      sheet.columns = columns.map((column, index) => ({
        header: column.header,
        key: String(index),
        width: column.kind === "date" ? 18 : 24,
        style: column.kind === "date" ? { numFmt: DATE_FORMAT } : column.kind === "text" ? { numFmt: "@" } : {},
      }));
      sheet.getRow(1).font = { bold: true };
      for await (const row of rows) {
        sheet.addRow(row.map((value, index) => cellOf(value, columns[index]))).commit();
        // Hold the rows while the client reads (the zip writer streams into this PassThrough).
        if (stream.writableNeedDrain) await new Promise((resolve) => stream.once("drain", resolve));
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return stream;
}

/** What a column's cell may read besides its row: the reader's language and its words. */
export interface ExportReader {
  lng: Language;
  t: (key: string) => string;
  /** The English or the Arabic of a value stored in both. */
  pick: <Value>(english: Value, arabic: Value) => Value;
  /** A person's full name in the reader's language. */
  nameOf: (row: { first_name_en: string; last_name_en: string; first_name_ar: string; last_name_ar: string }) => string;
}

/** A column of a staff list's download: the locale key of its header (under the list's), what it holds, its cell. */
export interface ExportColumn<Row> {
  key: string;
  kind?: Column["kind"];
  cell: (row: Row, reader: ExportReader) => Cell;
}

/** How a list is downloaded: in the reader's language, as CSV or Excel. */
export interface ExportAs {
  lng: Language;
  format: ExportFormat;
}

/** A list's download: its name (the file's and the sheet's) and the locale key its headers sit under. */
export interface ExportList {
  name: string;
  headers: string;
}

/**
 * The one way a staff list becomes a download (docs/architecture.md §4): its columns declared once, each header in the
 * reader's language (`{headers}.{key}`), the rows streamed as they come.
 */
export function listExport<Row>(
  list: ExportList,
  { lng, format }: ExportAs,
  columns: NoInfer<ExportColumn<Row>>[],
  rows: AsyncIterable<Row>,
): Response {
  const { t } = i18nFor(lng);
  const pick = <Value>(english: Value, arabic: Value) => (lng === "en" ? english : arabic);
  const reader: ExportReader = {
    lng,
    t: (key) => t(key),
    pick,
    nameOf: (row) => pick(`${row.first_name_en} ${row.last_name_en}`, `${row.first_name_ar} ${row.last_name_ar}`),
  };
  async function* cells() {
    for await (const row of rows) yield columns.map((column) => column.cell(row, reader));
  }
  const header = columns.map((column) => ({ header: t(`${list.headers}.${column.key}`), kind: column.kind }));
  return tableResponse(format, list.name, lng, header, cells());
}

type Names<Prefix extends string> = Record<`${Prefix}_en` | `${Prefix}_ar`, string | null>;

/** A value stored in English and Arabic (`{prefix}_en`, `{prefix}_ar`), in the reader's language. */
export const bilingualColumn = <Prefix extends string>(key: string, prefix: Prefix): ExportColumn<Names<Prefix>> => ({
  key,
  cell: (row, { pick }) => pick(row[`${prefix}_en`], row[`${prefix}_ar`]) ?? "",
});

/** A timestamp column (ISO 8601 text, a date in the workbook). */
export const dateColumn = <Field extends string>(key: string, field: Field): ExportColumn<Record<Field, Cell>> => ({
  key,
  kind: "date",
  cell: (row) => row[field],
});

/** The columns most lists share, declared once. */
export const COLUMNS = {
  number: { key: "number", kind: "number", cell: (row) => row.id } as ExportColumn<{ id: number }>,
  id: { key: "id", kind: "number", cell: (row) => row.id } as ExportColumn<{ id: number }>,
  status: { key: "status", cell: (row, { t }) => t(`status.${row.status}`) } as ExportColumn<{ status: string }>,
  createdAt: dateColumn("createdAt", "created_at"),
  name: bilingualColumn("name", "name"),
  client: bilingualColumn("client", "client"),
  person: {
    key: "beneficiary",
    cell: (row, { nameOf }) => nameOf(row),
  } as ExportColumn<Parameters<ExportReader["nameOf"]>[0]>,
  email: { key: "email", cell: (row) => row.email } as ExportColumn<{ email: string }>,
};
