import { areaMiddleware, areaShellData } from "~/middleware/area.server";
import type { Route } from "./+types/clerks";

export { keepStatusHeaders as headers } from "~/platform/http/route-headers";
export const middleware: Route.MiddlewareFunction[] = [areaMiddleware("clerks")];
export const loader = ({ context }: Route.LoaderArgs) => areaShellData(context, "clerks");
export { AreaShell as default, AreaErrorBoundary as ErrorBoundary } from "~/components/layout/area-shell";
