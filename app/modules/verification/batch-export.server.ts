import { tableResponse, type Cell } from "~/platform/exports/table.server";
import { i18nFor } from "~/platform/i18n/instances.server";
import type { Language } from "~/platform/i18n/languages";
import type { BatchRow } from "./batch.server";

/** A batch's table as CSV (the reviewer's language for headers and verdicts; names in both languages). */
export function batchCsv(rows: BatchRow[], lng: Language) {
  const { t } = i18nFor(lng);
  const columns = [
    { header: t("verifyBatch.given"), kind: "text" as const },
    { header: t("verifyBatch.code"), kind: "text" as const },
    { header: t("verifyBatch.verdict") },
    { header: t("verifyBatch.issuerEnglish") },
    { header: t("verifyBatch.issuerArabic") },
    { header: t("verifyBatch.kind") },
    { header: t("verifyBatch.nameEnglish") },
    { header: t("verifyBatch.nameArabic") },
    { header: t("verifyBatch.issued"), kind: "date" as const },
    { header: t("verifyBatch.expires"), kind: "date" as const },
  ];
  async function* lines(): AsyncIterable<Cell[]> {
    for (const row of rows)
      yield [
        row.given,
        row.code,
        t(`verifyBatch.verdicts.${row.verdict}`),
        row.issuer?.en,
        row.issuer?.ar,
        row.kind ? t(`verifyBatch.kinds.${row.kind}`) : null,
        row.documentName?.en,
        row.documentName?.ar,
        row.issuedAt,
        row.expiresAt,
      ];
  }
  return tableResponse("csv", "verification", lng, columns, lines());
}
