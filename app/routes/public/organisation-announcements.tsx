import { NOT_FOUND } from "~/modules/access/require.server";
import { idOf } from "~/platform/db/values";
import { AnnouncementNotFoundPage, OrganisationAnnouncementsPage } from "~/components/announcements/public-pages";
import { getDb } from "~/platform/db/db.server";
import { getLocale } from "~/middleware/i18next.server";
import { findPublishingClient, publishedOfClient } from "~/modules/announcements/queries.server";
import { pick } from "~/utils/format";
import { plainPage } from "./plain-page.server";
import type { Route } from "./+types/organisation-announcements";

/** An organisation's published announcements, newest first, with the link to its Atom feed (docs/architecture.md §6.5). */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const lng = getLocale(context);
  const path = url.pathname;
  const db = getDb();
  const client = await findPublishingClient(db, idOf(params.clientId));
  if (!client) throw plainPage(context, <AnnouncementNotFoundPage path={path} />, NOT_FOUND);
  const items = (await publishedOfClient(db, client.id)).map((row) => ({
    slug: row.slug,
    title: pick(lng, row.title_en, row.title_ar),
    body: pick(lng, row.body_en, row.body_ar),
    organisation: pick(lng, row.client_en, row.client_ar),
    clientId: row.client_id,
    publishedAt: row.published_at ?? row.updated_at,
  }));
  return plainPage(
    context,
    <OrganisationAnnouncementsPage
      organisation={pick(lng, client.name_en, client.name_ar)}
      clientId={client.id}
      items={items}
      path={path}
    />,
  );
}
