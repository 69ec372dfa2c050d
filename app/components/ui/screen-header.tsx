import { useDialogUrl } from "./url-dialog";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/platform/i18n/react";
import { ButtonLink } from "./button";
import { PageTitle } from "./page-title";

/** Title, back link (where the screen has one) and action buttons of a screen. */
export function ScreenHeader({
  title,
  heading,
  back,
  children,
}: {
  title: string;
  heading?: ReactNode;
  back?: { href: string; label: string };
  children?: ReactNode;
}) {
  return (
    <>
      <PageTitle title={title} />
      {back ? (
        <Link to={back.href} className="text-sm text-accent-11 underline">
          {back.label}
        </Link>
      ) : null}
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
  const dialogUrl = useDialogUrl();
  return (
    <>
      <ButtonLink to={editHref} variant="outline">
        {t("catalogue.edit")}
      </ButtonLink>
      <ButtonLink to={dialogUrl("delete")} variant="danger" preventScrollReset>
        {t("catalogue.delete")}
      </ButtonLink>
    </>
  );
}
