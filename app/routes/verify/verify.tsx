import { clientIpContext } from "~/platform/http/context";
import { verificationResponse } from "~/routes/verify/page.server";
import type { Route } from "./+types/verify";

/**
 * `/verify/{code}`: the page the QR code opens, with the access-PIN and file-check forms.
 * A plain document without script (see app/modules/verification/page.server.tsx).
 */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  verificationResponse(request, context.get(clientIpContext));
export const action = ({ request, context }: Route.ActionArgs) =>
  verificationResponse(request, context.get(clientIpContext));
