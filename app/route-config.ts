import type { RouteConfigEntry } from "@react-router/dev/routes";

/**
 * The helpers routes.ts is written with: the same entries as @react-router/dev/routes makes (route, index, layout,
 * prefix), in code of ours, so that the route table can be read at run time too (the areas' screens come from it,
 * docs/architecture.md §4) without the build tools, which production does not install.
 */

/** As React Router joins a prefix and a path: no slash doubled between them. */
const joined = (path1: string, path2: string) => [path1.replace(/\/+$/, ""), path2.replace(/^\/+/, "")].join("/");

export function route(
  path: string | null | undefined,
  file: string,
  optionsOrChildren?: { id?: string } | RouteConfigEntry[],
  children?: RouteConfigEntry[],
): RouteConfigEntry {
  const options = Array.isArray(optionsOrChildren) || !optionsOrChildren ? {} : optionsOrChildren;
  const kids = Array.isArray(optionsOrChildren) ? optionsOrChildren : children;
  return { file, children: kids, path: path ?? undefined, ...(options.id ? { id: options.id } : {}) };
}

export const index = (file: string, options: { id?: string } = {}): RouteConfigEntry => ({
  file,
  index: true,
  ...(options.id ? { id: options.id } : {}),
});

export const layout = (file: string, children: RouteConfigEntry[]): RouteConfigEntry => ({ file, children });

export function prefix(prefixPath: string, routes: RouteConfigEntry[]): RouteConfigEntry[] {
  return routes.map((entry) => {
    if (entry.index || typeof entry.path === "string")
      return { ...entry, path: entry.path ? joined(prefixPath, entry.path) : prefixPath, children: entry.children };
    if (entry.children) return { ...entry, children: prefix(prefixPath, entry.children) };
    return entry;
  });
}

/** Every route with an id, and its whole path pattern (`/clerks/document-categories/:id`). */
export function pathsById(entries: RouteConfigEntry[], parent = ""): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of entries) {
    const path = entry.path === undefined ? parent : joined(parent, entry.path);
    if (entry.id && (entry.path !== undefined || entry.index)) found.set(entry.id, `/${path.replace(/^\/+/, "")}`);
    for (const [id, childPath] of pathsById(entry.children ?? [], path)) found.set(id, childPath);
  }
  return found;
}

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean };

/**
 * The same map in the browser, from the route manifest React Router loads before any route module: the page's script
 * need not carry the route table a second time (docs/decisions/0020, weight).
 */
export function pathsFromManifest(routes: Record<string, ManifestRoute>): Map<string, string> {
  const pathOf = (route: ManifestRoute): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const above = parent ? pathOf(parent) : "";
    return route.path === undefined ? above : joined(above, route.path);
  };
  const found = new Map<string, string>();
  for (const route of Object.values(routes))
    if (route.path !== undefined || route.index) found.set(route.id, `/${pathOf(route).replace(/^\/+/, "")}`);
  return found;
}
