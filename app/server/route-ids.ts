import { matchRoutes, type ServerBuild } from "react-router";
import { partitionBuild } from "./route-partition";

type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: RouteNode[] };

/** The build's routes as the tree matchRoutes takes. */
function treeOf(build: ServerBuild): RouteNode[] {
  const nodes = new Map<string, RouteNode>();
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  for (const route of routes)
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: [],
    });
  const roots: RouteNode[] = [];
  for (const route of routes) {
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(route.id)!);
  }
  return roots;
}

/**
 * The id of the route a path reaches (`routes/public/login`, `clerks/request`): what a request's log line and its
 * metrics name, never the URL itself, which can carry a token or an id (docs/decisions/0017). Matched against the
 * build's part for the path's first segment, as React Router does (route-partition.ts).
 */
export function routeIdResolver(build: ServerBuild): (pathname: string) => string {
  const partOf = partitionBuild(build, (part) => treeOf(part));
  return (pathname) => {
    const path = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    return matchRoutes(partOf(path) as never, path)?.at(-1)?.route.id ?? "unmatched";
  };
}
