import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Button } from "./button";
import { UrlDialog, useUrlWithoutDialog } from "./url-dialog";

/** 'Delete X?' at `?dialog=delete`: a confirmation page section without JS, a modal with JS. */
export function ConfirmDelete({ name, fields = {} }: { name: string; fields?: Record<string, string | number> }) {
  const { t } = useTranslation();
  const closedUrl = useUrlWithoutDialog();
  return (
    <UrlDialog labelledBy="confirm-delete-title" testId="confirm-delete">
      <Form method="post" className="flex flex-col gap-4" preventScrollReset>
        <input type="hidden" name="intent" value="delete" />
        {Object.entries(fields).map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        <h2 id="confirm-delete-title" className="text-lg font-semibold">
          {t("catalogue.confirmDelete", { name })}
        </h2>
        <p className="text-sm text-gray-11">{t("catalogue.confirmDeleteHint")}</p>
        <div className="flex justify-end gap-2">
          <Link to={closedUrl} replace preventScrollReset className="rounded-md px-4 py-2 text-sm hover:bg-gray-3">
            {t("catalogue.cancel")}
          </Link>
          <Button type="submit" variant="danger">
            {t("catalogue.delete")}
          </Button>
        </div>
      </Form>
    </UrlDialog>
  );
}
