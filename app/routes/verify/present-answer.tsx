import { getDb } from "~/platform/db/db.server";
import { NOT_FOUND } from "~/modules/access/require.server";
import { PresentAnswerPage, PresentNotFoundPage } from "~/components/verify/present-page";
import { presentationView } from "~/modules/wallet/presentations.server";
import { plainPage } from "../public/plain-page.server";
import type { Route } from "./+types/present-answer";

/** `/verify/present/{key}`: the reviewer's request to a wallet, then its answer; reloads itself while it waits. */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const path = url.pathname;
  const view = await presentationView(getDb(), params.key);
  if (!view) throw plainPage(context, <PresentNotFoundPage path={path} />, NOT_FOUND);
  return plainPage(context, <PresentAnswerPage path={path} view={view} />);
}
