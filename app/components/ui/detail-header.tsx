import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/utils/i18n";
import { ButtonLink } from "./button";
import { PageTitle } from "./page-title";

/** Title, back link and action buttons of a detail screen. */
export function DetailHeader({
  title,
  heading,
  back,
  children,
}: {
  title: string;
  heading?: ReactNode;
  back: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <>
      <PageTitle title={title} />
      <Link to={back.href} className="text-sm text-accent-11 underline">
        {back.label}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex items-center gap-3 text-2xl font-bold">{heading ?? title}</h1>
        <div className="flex flex-wrap gap-2">{children}</div>
      </div>
    </>
  );
}

/** Edit, and delete after the confirmation at `?dialog=delete`. */
export function EditDeleteButtons({ editHref }: { editHref: string }) {
  const { t } = useTranslation();
  return (
    <>
      <ButtonLink to={editHref} variant="outline">
        {t("catalogue.edit")}
      </ButtonLink>
      <ButtonLink to="?dialog=delete" variant="danger" preventScrollReset>
        {t("catalogue.delete")}
      </ButtonLink>
    </>
  );
}
