import { useTranslation } from "~/platform/i18n/react";
import { useArea } from "~/components/layout/area-shell";
import { getDb } from "~/platform/db/db.server";
import { linkTo } from "~/modules/access";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { listClients } from "~/modules/organisations/queries.server";
import { listScreenData } from "~/platform/paging";
import { NamedListScreen } from "~/components/ui/list-screen";
import { pick } from "~/utils/format";
import type { Route } from "./+types/clients";
import { LinkOrText } from "~/components/ui/link-or-text";

/** Clients (organisations), for the super admin and the service admin: search by name, paging. */
export async function loader({ context, url }: Route.LoaderArgs) {
  requirePermission(principalOf(context), "client:manage");
  return listScreenData(url, (filter) => listClients(getDb(), filter));
}

export default function Clients({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const area = useArea();
  return (
    <NamedListScreen
      kind={{
        title: t("admin.clients"),
        add: ["clientCreate", t("admin.newClient")],
        empty: t("admin.noClients"),
        screen: "client",
        testId: "clients",
      }}
      list={loaderData}
      detail={(row) => (
        <LinkOrText to={linkTo(area, "clientCategory", { id: row.category_id })} className="underline">
          {pick(i18n.language, row.category_en, row.category_ar)}
        </LinkOrText>
      )}
    />
  );
}
