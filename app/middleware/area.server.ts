import type { MiddlewareFunction } from "react-router";
import { AREAS, areaContext, homeAreaOf, sidebarOf, type AreaKey } from "~/modules/access";
import { getDb } from "~/platform/db/db.server";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { countUnread } from "~/modules/notifications/queries.server";
import { unreadContext } from "~/modules/notifications/context";

/** An area layout's guard: the area's capability, then the area in the router context (docs/architecture.md §15). */
export function areaMiddleware(key: AreaKey): MiddlewareFunction<Response> {
  const area = AREAS[key];
  return async ({ context }, next) => {
    requirePermission(principalOf(context), area.capability);
    context.set(areaContext, area);
    return next();
  };
}

/**
 * What every area's shell shows: the user, the area, its sidebar (the shared group shows the user's home
 * area's) and the count of unread notifications for the bell.
 */
export async function areaShellData(context: Parameters<MiddlewareFunction>[0]["context"], key: AreaKey) {
  const principal = principalOf(context);
  const user = principal.user!;
  const sidebarArea = key === "shared" ? homeAreaOf(user.role) : AREAS[key];
  return {
    area: key,
    user,
    links: sidebarOf(sidebarArea, principal.capabilities),
    unread: context.get(unreadContext) ?? (await countUnread(getDb(), user.id)),
  };
}
