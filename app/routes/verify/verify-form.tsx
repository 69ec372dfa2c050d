import { clientIpContext } from "~/platform/http/context";
import { verificationResponse } from "~/routes/verify/page.server";
import type { Route } from "./+types/verify-form";

/** `/verify`: type a code (a plain document without script, like `/verify/{code}`). */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  verificationResponse(request, context.get(clientIpContext));
