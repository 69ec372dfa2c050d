import { useTranslation } from "~/platform/i18n/react";

/**
 * Whether a national ID was verified, and how (docs/decisions/0022); read beside the number. Kept apart from the confirmation form (nin-verification.tsx):
 * the pages that only show it need not download the form library and its schema (ADR 0020's weight).
 */
export function NinStatus({ verifiedAt, method }: { verifiedAt: string | null; method: string | null }) {
  const { t } = useTranslation();
  if (!verifiedAt) return <span className="text-sm text-amber-12">{t("identity.notVerified")}</span>;
  return (
    <span className="text-sm text-green-11">
      {t(method === "NATIONAL_ID" ? "identity.verifiedByNationalId" : "identity.verifiedInPerson")}
    </span>
  );
}
