import { CHILD_KINDS, childLinks, type ChildKind } from "./child-kinds";
import { useTranslation } from "~/platform/i18n/react";
import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { Callout } from "~/components/ui/callout";
import { Card } from "~/components/ui/card";
import { DetailList, type DetailRow } from "~/components/ui/detail-list";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { PageTitle } from "~/components/ui/page-title";
import { pick } from "~/utils/format";

/** The detail page of a required field or a supporting document type, with edit and a confirmed delete. */
export function ChildDetailPage({
  kind,
  id,
  name,
  category,
  rows,
  dialog,
  error,
}: {
  kind: ChildKind;
  id: number;
  name: string;
  category: { id: number; name_en: string; name_ar: string };
  rows: DetailRow[];
  dialog: string | null;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const links = childLinks(kind, category.id);
  const query = `documentCategoryId=${category.id}`;
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <PageTitle title={name} />
      <Link to={links.list} className="text-sm text-accent-11 underline">
        {t(CHILD_KINDS[kind].title)} · {pick(i18n.language, category.name_en, category.name_ar)}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{name}</h1>
        <div className="flex gap-2">
          <ButtonLink to={links.edit(id)} variant="outline">
            {t("catalogue.edit")}
          </ButtonLink>
          <ButtonLink to={`?${query}&dialog=delete`} variant="danger" preventScrollReset>
            {t("catalogue.delete")}
          </ButtonLink>
        </div>
      </div>
      {error ? <Callout tone="error">{t(error)}</Callout> : null}
      {dialog === "delete" ? <ConfirmDelete name={name} /> : null}
      <Card>
        <DetailList rows={rows} />
      </Card>
    </div>
  );
}
