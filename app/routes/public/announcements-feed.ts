import { idOf } from "~/platform/db/values";

import { getDb } from "~/platform/db/db.server";
import { getLocale } from "~/middleware/i18next.server";
import { atomFeed } from "~/modules/announcements/feed.server";
import { findPublishingClient, publishedOfClient } from "~/modules/announcements/queries.server";
import type { Route } from "./+types/announcements-feed";
import { notFound } from "~/modules/access/require.server";

/** An organisation's published announcements as an Atom feed (RFC 4287), in the reader's language. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = getDb();
  const client = await findPublishingClient(db, idOf(params.clientId));
  if (!client) throw notFound();
  const xml = atomFeed(getLocale(context), client, await publishedOfClient(db, client.id));
  return new Response(xml, {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      "Cache-Control": "no-cache",
      Vary: "Accept-Language, Cookie",
    },
  });
}
