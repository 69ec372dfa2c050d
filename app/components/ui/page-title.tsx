import { useTranslation } from "~/platform/i18n/react";

/** The document title, in the page's language (React 19 hoists <title> into <head>). */
export function PageTitle({ title }: { title?: string }) {
  const { t } = useTranslation();
  return <title>{title ? `${title} · ${t("app.name")}` : t("app.name")}</title>;
}
