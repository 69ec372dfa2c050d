import { areaMiddleware, areaShellData } from "~/middleware/area.server";
import type { Route } from "./+types/shared";

export { keepStatusHeaders as headers } from "~/platform/http/route-headers";
export const middleware: Route.MiddlewareFunction[] = [areaMiddleware("shared")];
export const loader = ({ context }: Route.LoaderArgs) => areaShellData(context, "shared");
export { AreaShell as default, AreaErrorBoundary as ErrorBoundary } from "~/components/layout/area-shell";
