import { areaMiddleware, areaShellData } from "~/middleware/area.server";
import type { Route } from "./+types/client-admin";

export { keepStatusHeaders as headers } from "~/platform/http/route-headers";
export const middleware: Route.MiddlewareFunction[] = [areaMiddleware("client-admin")];
export const loader = ({ context }: Route.LoaderArgs) => areaShellData(context, "client-admin");
export { AreaShell as default, AreaErrorBoundary as ErrorBoundary } from "~/components/layout/area-shell";
