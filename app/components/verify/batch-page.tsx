import { href } from "react-router";
import { FormTokenField } from "~/components/forms/form-token";
import type { BatchRow } from "~/modules/verification/batch.server";
import { formatCode } from "~/modules/verification/code";
import { formatDate, pick } from "~/utils/format";
import { useTranslation } from "~/platform/i18n/react";
import { VerifyShell } from "./verify-shell";

/**
 * `/verify/batch`: a reviewer pastes up to 100 codes or drops up to 20 PDFs and reads one table (docs/architecture.md
 * §7). A plain form without script; the CSV is the same post with the other button.
 */
export function VerifyBatchPage({
  path,
  codes,
  rows,
  error,
}: {
  path: string;
  codes: string;
  rows: BatchRow[] | null;
  error: string | null;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <VerifyShell title={t("verifyBatch.title")} path={path}>
      <h1>{t("verifyBatch.title")}</h1>
      <p>{t("verifyBatch.intro")}</p>
      {error ? (
        <p className="v-msg v-bad" role="alert">
          {t(error)}
        </p>
      ) : null}
      {rows ? (
        <div className="v-scroll" role="region" aria-labelledby="batch-results-caption" tabIndex={0}>
          <table className="v-table" data-testid="batch-results">
            <caption id="batch-results-caption">{t("verifyBatch.results", { count: rows.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("verifyBatch.given")}</th>
                <th scope="col">{t("verifyBatch.verdict")}</th>
                <th scope="col">{t("verifyBatch.issuer")}</th>
                <th scope="col">{t("verifyBatch.kind")}</th>
                <th scope="col">{t("verifyBatch.issued")}</th>
                <th scope="col">{t("verifyBatch.expires")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index} data-verdict={row.verdict}>
                  <td>
                    <bdi dir="ltr">{row.source === "code" && row.code ? formatCode(row.code) : row.given}</bdi>
                  </td>
                  <td className={`v-cell-${row.verdict}`}>{t(`verifyBatch.verdicts.${row.verdict}`)}</td>
                  <td>{row.issuer ? <bdi>{pick(lng, row.issuer.en, row.issuer.ar)}</bdi> : null}</td>
                  <td>
                    {row.kind ? t(`verifyBatch.kinds.${row.kind}`) : null}
                    {row.documentName ? (
                      <>
                        {": "}
                        <bdi>{pick(lng, row.documentName.en, row.documentName.ar)}</bdi>
                      </>
                    ) : null}
                  </td>
                  <td>{row.issuedAt ? formatDate(row.issuedAt, lng, "BOTH") : null}</td>
                  <td>{row.expiresAt ? formatDate(row.expiresAt, lng, "BOTH") : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <form method="post" encType="multipart/form-data" action={href("/verify/batch")} className="v-card">
        <FormTokenField />
        <label htmlFor="codes">{t("verifyBatch.codesLabel")}</label>{" "}
        <textarea id="codes" name="codes" rows={6} dir="ltr" defaultValue={codes} aria-describedby="codes-hint" />
        <p id="codes-hint" className="v-hint">
          {t("verifyBatch.codesHint")}
        </p>
        <label htmlFor="files">{t("verifyBatch.filesLabel")}</label>{" "}
        <input
          type="file"
          id="files"
          name="files"
          multiple
          accept=".pdf,application/pdf"
          aria-describedby="files-hint"
        />
        <p id="files-hint" className="v-hint">
          {t("verifyBatch.filesHint")}
        </p>
        <button type="submit" className="v-btn">
          {t("verifyBatch.submit")}
        </button>{" "}
        <button type="submit" name="format" value="csv" className="v-btn v-btn-quiet">
          {t("verifyBatch.csv")}
        </button>
      </form>
      <p>
        <a href={href("/verify")}>{t("verifyBatch.one")}</a>
      </p>
    </VerifyShell>
  );
}
