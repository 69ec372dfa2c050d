import { NOT_FOUND } from "~/modules/access/require.server";
import { AnnouncementNotFoundPage, AnnouncementPublicPage } from "~/components/announcements/public-pages";
import { getDb } from "~/platform/db/db.server";
import { getLocale } from "~/middleware/i18next.server";
import { findPublishedBySlug } from "~/modules/announcements/queries.server";
import { pick } from "~/utils/format";
import { plainPage } from "./plain-page.server";
import type { Route } from "./+types/announcement";

/**
 * `/public-announcements/{slug}` (docs/product.md, Who uses it: public): published announcements of organisations that
 * may publish; drafts, unpublished ones and the others answer 404.
 */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const lng = getLocale(context);
  const path = url.pathname;
  const found = params.slug.length <= 100 ? await findPublishedBySlug(getDb(), params.slug) : undefined;
  if (!found) throw plainPage(context, <AnnouncementNotFoundPage path={path} />, NOT_FOUND);
  const announcement = {
    slug: found.slug,
    title: pick(lng, found.title_en, found.title_ar),
    body: pick(lng, found.body_en, found.body_ar),
    organisation: pick(lng, found.client_en, found.client_ar),
    clientId: found.client_id,
    publishedAt: found.published_at ?? found.updated_at,
  };
  return plainPage(context, <AnnouncementPublicPage announcement={announcement} path={path} />);
}
