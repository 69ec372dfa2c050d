import { useTranslation } from "~/utils/i18n";
import { Link } from "react-router";
import { useArea } from "~/components/layout/area-shell";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { ListHeader } from "~/components/ui/list-header";
import { Pagination } from "~/components/ui/pagination";
import { linkTo, mustLinkTo } from "~/modules/access";
import { PERSON_KINDS } from "~/modules/people/kinds";
import type { ManagedRole } from "~/modules/people/schema";
import { personName, pick } from "~/utils/format";
import { EmptyList } from "~/components/ui/empty-list";

export interface PersonRow {
  id: number;
  first_name_en: string;
  first_name_ar: string;
  last_name_en: string;
  last_name_ar: string;
  email: string;
  status: string;
  client_id: number | null;
  client_en: string | null;
  client_ar: string | null;
}

/** The list of service admins or client admins: search by name or email, paging, empty state. */
export function PeopleList({ role, rows, q, page, size, total }: { role: ManagedRole; rows: PersonRow[]; q: string; page: number; size: number; total: number }) {
  const { t, i18n } = useTranslation();
  const area = useArea();
  const lng = i18n.language;
  const kind = PERSON_KINDS[role];
  const create = mustLinkTo(area, kind.screens.create);
  return (
    <div className="flex flex-col gap-5">
      <ListHeader title={t(kind.labels.list)} addHref={create} addLabel={t(kind.labels.create)} searchLabel="admin.searchPeople" q={q} />
      {rows.length === 0 ? (
        <EmptyList searched={Boolean(q)} message={t(kind.labels.empty)} addHref={create} addLabel={t(kind.labels.create)} />
      ) : (
        <Card className="p-0">
          <ul className="divide-y divide-gray-5" data-testid="people">
            {rows.map((row) => {
              const clientHref = row.client_id ? linkTo(area, "client", { id: row.client_id }) : null;
              const clientName = row.client_id ? pick(lng, row.client_en ?? "", row.client_ar ?? "") : null;
              return (
                <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3">
                  <div className="flex flex-col">
                    <Link to={mustLinkTo(area, kind.screens.detail, { id: row.id })} className="font-medium text-accent-11 underline">
                      {personName(lng, row)}
                    </Link>
                    <bdi className="text-sm text-gray-11" dir="ltr">
                      {row.email}
                    </bdi>
                  </div>
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    {role === "CLIENT_ADMIN" ? (
                      clientHref ? (
                        <Link to={clientHref} className="text-accent-11 underline">
                          {clientName}
                        </Link>
                      ) : (
                        <span className="text-gray-11">{clientName ?? t("admin.noClientYet")}</span>
                      )
                    ) : null}
                    <Badge variant={row.status === "ACTIVE" ? "success" : "secondary"}>{t(`status.${row.status}`)}</Badge>
                  </div>
                </li>
              );
            })}
          </ul>
        </Card>
      )}
      <Pagination page={page} size={size} total={total} />
    </div>
  );
}
