import type { ServerBuild } from "react-router";

type BuildRoute = NonNullable<ServerBuild["routes"][string]>;

/** The key of a URL path: its first segment, decoded and lower-cased as React Router matches it. */
export function firstSegmentOf(pathname: string): string {
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  const end = path.indexOf("/", 1);
  const segment = path.slice(1, end === -1 ? undefined : end);
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

const isLiteral = (segment: string) => !/[:*?]/.test(segment);

/**
 * React Router walks every route of the build on each request: it matches the URL against each
 * branch and builds a route object per route to render (24% of /login's CPU with our 110 routes, in
 * the profile; a one-route app pays nothing). A route whose path starts with a fixed segment can only
 * match URLs starting with it, so the build is cut by the URL's first segment: each part holds the
 * routes starting with that segment, every route starting with a parameter or splat or with no
 * segment at all, and their parents. Leaving out routes that cannot match changes no match.
 *
 * The client is not affected: with `routeDiscovery: "initial"` it loads the whole manifest from its
 * own file, and the server only names the matched routes' modules.
 */
export function partitionBuild<T>(build: ServerBuild, use: (part: ServerBuild) => T): (pathname: string) => T {
  const routes = Object.values(build.routes).filter((route): route is BuildRoute => route !== undefined);
  const fullPath = (route: BuildRoute): string => {
    const parent = route.parentId ? build.routes[route.parentId] : undefined;
    return `${parent ? fullPath(parent) : ""}/${route.path ?? ""}`;
  };
  const firstLiteral = new Map<string, string | null>();
  for (const route of routes) {
    const first = fullPath(route)
      .split("/")
      .find((segment) => segment !== "");
    firstLiteral.set(route.id, first !== undefined && isLiteral(first) ? first.toLowerCase() : null);
  }
  const keys = new Set([...firstLiteral.values()].filter((key): key is string => key !== null));

  const partOf = (key: string | null): ServerBuild => {
    const ids = new Set<string>();
    for (const route of routes) {
      const literal = firstLiteral.get(route.id);
      if (literal !== null && literal !== key) continue;
      for (let id: string | undefined = route.id; id && !ids.has(id); id = build.routes[id]?.parentId) ids.add(id);
    }
    const pick = <T>(all: Record<string, T>) => Object.fromEntries(Object.entries(all).filter(([id]) => ids.has(id)));
    return { ...build, routes: pick(build.routes), assets: { ...build.assets, routes: pick(build.assets.routes) } };
  };

  // One part per fixed first segment of the routes, and one for every other URL: a bounded number.
  const parts = new Map<string | null, T>();
  return (pathname) => {
    const segment = firstSegmentOf(pathname);
    const key = keys.has(segment) ? segment : null;
    let part = parts.get(key);
    if (part === undefined) parts.set(key, (part = use(partOf(key))));
    return part;
  };
}
