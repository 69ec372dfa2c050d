import { useTranslation } from "~/platform/i18n/react";
import { VerifyShell } from "~/components/verify/verify-shell";

/**
 * 503 while the database cannot be reached: the script-free frame of the public pages, which needs no data,
 * and a link to try the same address again.
 */
export function UnavailablePage({ path, reference }: { path: string; reference?: string | null }) {
  const { t } = useTranslation();
  return (
    <VerifyShell title={t("errors.unavailable")} path={path}>
      <h1>{t("errors.unavailable")}</h1>
      <p className="v-msg v-note" role="alert" data-status={503}>
        {t("errors.unavailableHint")}
      </p>
      {reference ? (
        <p className="v-note" data-testid="error-reference">
          {t("errors.reference")} <bdi dir="ltr">{reference}</bdi>
        </p>
      ) : null}
      <p>
        <a className="v-btn" href={path}>
          {t("errors.tryAgain")}
        </a>
      </p>
    </VerifyShell>
  );
}
