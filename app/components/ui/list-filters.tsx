import type { ReactNode } from "react";
import { Link } from "react-router";
import { Form } from "~/components/forms/form-token";
import { useTranslation } from "~/platform/i18n/react";
import { Button } from "./button";

/** A staff list's filters (a GET form, works without JS): the search box, the list's own filters, Apply and Clear. */
export function ListFilters({ searchLabel, q, children }: { searchLabel: string; q: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Form
      method="get"
      className="grid grid-cols-1 gap-3 rounded-lg border border-gray-6 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      role="search"
    >
      <div className="flex flex-col gap-1 lg:col-span-2">
        <label htmlFor="q" className="text-sm font-medium">
          {searchLabel}
        </label>{" "}
        <input id="q" name="q" defaultValue={q} className="rounded-md border border-gray-7 px-3 py-2" />
      </div>
      {children}
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit">{t("staff.apply")}</Button>{" "}
        <Link to="?" className="px-3 py-2 text-sm text-accent-11 underline">
          {t("staff.clear")}
        </Link>
      </div>
    </Form>
  );
}
