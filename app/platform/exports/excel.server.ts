import { loadedOnce } from "~/platform/loaded-once";

type ExcelJs = typeof import("exceljs");

/**
 * ExcelJS, loaded when a workbook is first written or read rather than when a process starts: 0.4 s of CPU that
 * every server process paid at every start, for the few requests that download or upload a workbook. A CommonJS
 * package: its exports are the import's default.
 */
export const loadExcelJs = loadedOnce(() =>
  import("exceljs").then((module) => (module as { default?: ExcelJs }).default ?? module),
);
