import { useTranslation } from "~/platform/i18n/react";
import { Form } from "~/components/forms/form-token";
import { Button, ButtonLink } from "./button";
import { ScreenHeader } from "./screen-header";

/** Heading, optional back link, add button and search box of a list screen. */
export function ListHeader({
  title,
  back,
  addHref,
  addLabel,
  hidden = {},
  searchLabel = "catalogue.searchLabel",
  q,
  actions,
}: {
  title: string;
  back?: { href: string; label: string };
  addHref: string;
  addLabel: string;
  /** Search parameters the search form keeps (the parent category of a child list). */
  hidden?: Record<string, string | number>;
  searchLabel?: string;
  q: string;
  /** More buttons beside "add" (an export). */
  actions?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ScreenHeader title={title} back={back}>
        {actions}
        <ButtonLink to={addHref}>{addLabel}</ButtonLink>
      </ScreenHeader>
      <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="flex flex-col gap-1">
          <label htmlFor="q" className="text-sm font-medium">
            {t(searchLabel)}
          </label>{" "}
          <input id="q" name="q" defaultValue={q} className="rounded-md border border-gray-7 px-3 py-2" />
        </div>
        <Button type="submit" variant="outline">
          {t("catalogue.search")}
        </Button>
      </Form>
    </>
  );
}
