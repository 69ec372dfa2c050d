import { areaMiddleware, areaShellData } from "~/middleware/area.server";
import type { Route } from "./+types/super-admin";

export { keepStatusHeaders as headers } from "~/platform/http/route-headers";
export const middleware: Route.MiddlewareFunction[] = [areaMiddleware("super-admin")];
export const loader = ({ context }: Route.LoaderArgs) => areaShellData(context, "super-admin");
export { AreaShell as default, AreaErrorBoundary as ErrorBoundary } from "~/components/layout/area-shell";
