import { VerifyOfflinePage } from "~/components/verify/offline-page";
import { plainPage } from "../public/plain-page.server";
import type { Route } from "./+types/offline";

/** `/verify/offline`: the offline verifier's page (no component: a plain document like the other verification pages). */
export function loader({ context, url }: Route.LoaderArgs) {
  return plainPage(context, <VerifyOfflinePage path={url.pathname} />);
}
