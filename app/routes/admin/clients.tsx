import { useTranslation } from "~/platform/i18n/react";
import { useArea } from "~/components/layout/area-shell";
import { getDb } from "~/platform/db/db.server";
import { linkTo, mustLinkTo } from "~/modules/access";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { listClients } from "~/modules/organisations/queries.server";
import { ExportLink } from "~/components/ui/export-link";
import { listScreenData } from "~/platform/paging";
import { ListScreen } from "~/components/ui/list-screen";
import { pick } from "~/utils/format";
import type { Route } from "./+types/clients";
import { LinkOrText } from "~/components/ui/link-or-text";

/** Clients (organisations), for the super admin and the service admin: search by name, paging. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePermission(principalOf(context), "client:manage");
  return listScreenData(request, (filter) => listClients(getDb(), filter));
}

export default function Clients({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const area = useArea();
  const lng = i18n.language;
  return (
    <ListScreen
      header={{
        title: t("admin.clients"),
        addHref: mustLinkTo(area, "clientCreate"),
        addLabel: t("admin.newClient"),
        searchLabel: "admin.searchByName",
        q: loaderData.q,
        actions: <ExportLink />,
      }}
      empty={t("admin.noClients")}
      testId="clients"
      paging={loaderData}
      rows={loaderData.rows.map((row) => {
        const categoryHref = linkTo(area, "clientCategory", { id: row.category_id });
        const category = pick(lng, row.category_en, row.category_ar);
        return {
          id: row.id,
          href: mustLinkTo(area, "client", { id: row.id }),
          label: pick(lng, row.name_en, row.name_ar),
          detail: (
            <span className="text-sm text-gray-11">
              <LinkOrText to={categoryHref} className="underline">
                {category}
              </LinkOrText>
            </span>
          ),
        };
      })}
    />
  );
}
