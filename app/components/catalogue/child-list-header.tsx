import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { PageTitle } from "~/components/ui/page-title";

/** Heading, back link, add button and search box of the required-field and document-type lists. */
export function ChildListHeader({
  title,
  backHref,
  backLabel,
  addHref,
  addLabel,
  categoryId,
  q,
}: {
  title: string;
  backHref: string;
  backLabel: string;
  addHref: string;
  addLabel: string;
  categoryId: number;
  q: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={title} />
      <Link to={backHref} className="text-sm text-accent-11 underline">
        {backLabel}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{title}</h1>
        <ButtonLink to={addHref}>{addLabel}</ButtonLink>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
        <input type="hidden" name="documentCategoryId" value={categoryId} />
        <div className="flex flex-col gap-1">
          <label htmlFor="q" className="text-sm font-medium">
            {t("catalogue.searchLabel")}
          </label>
          <input id="q" name="q" defaultValue={q} className="rounded-md border border-gray-7 px-3 py-2" />
        </div>
        <Button type="submit" variant="outline">
          {t("catalogue.search")}
        </Button>
      </Form>
    </>
  );
}
