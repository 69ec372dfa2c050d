import { useTranslation } from "~/platform/i18n/react";
import { Link } from "react-router";
import { Form } from "~/components/forms/form-token";
import { Button } from "./button";
import { UrlDialog, useUrlWithoutDialog } from "./url-dialog";

interface ConfirmActionProps {
  intent: string;
  title: string;
  hint: string;
  confirmLabel: string;
  tone?: "danger" | "solid";
  fields?: Record<string, string | number>;
}

/** A confirmation at `?dialog=...`: a page section without JS, a modal with JS; confirming posts `intent`. */
export function ConfirmAction({ intent, title, hint, confirmLabel, tone = "danger", fields = {} }: ConfirmActionProps) {
  const { t } = useTranslation();
  const closedUrl = useUrlWithoutDialog();
  return (
    <UrlDialog labelledBy="confirm-action-title" testId={`confirm-${intent}`}>
      <Form method="post" className="flex flex-col gap-4" preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        <h2 id="confirm-action-title" className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-gray-11">{hint}</p>
        <div className="flex justify-end gap-2">
          <Link to={closedUrl} replace preventScrollReset className="rounded-md px-4 py-2 text-sm hover:bg-gray-3">
            {t("catalogue.cancel")}
          </Link>
          <Button type="submit" variant={tone}>
            {confirmLabel}
          </Button>
        </div>
      </Form>
    </UrlDialog>
  );
}
