type ExcelJs = typeof import("exceljs");

/**
 * ExcelJS, loaded when a workbook is first written or read rather than when a process starts: loading it took
 * 0.4 s of CPU, paid by every server process at every start, for the few requests that download or upload a
 * workbook (docs/architecture.md §11). A CommonJS package: its exports are the import's default.
 */
let loading: Promise<ExcelJs> | undefined;
export const loadExcelJs = () =>
  (loading ??= import("exceljs").then((module) => (module as { default?: ExcelJs }).default ?? module));
