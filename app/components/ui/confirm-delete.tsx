import { useTranslation } from "~/platform/i18n/react";
import { ConfirmAction } from "./confirm-action";

/** 'Delete X?' at `?dialog=delete`: a confirmation page section without JS, a modal with JS. */
export function ConfirmDelete({ name, fields = {} }: { name: string; fields?: Record<string, string | number> }) {
  const { t } = useTranslation();
  return (
    <ConfirmAction
      intent="delete"
      title={t("catalogue.confirmDelete", { name })}
      hint={t("catalogue.confirmDeleteHint")}
      confirmLabel={t("catalogue.delete")}
      fields={fields}
    />
  );
}
