import { pathsFromManifest } from "~/route-config";

declare global {
  interface Window {
    __reactRouterManifest?: { routes: Parameters<typeof pathsFromManifest>[0] };
  }
}

/**
 * Every route id's path pattern, from the route manifest React Router loads before any route module: in the browser's
 * build this module stands for route-paths.ts (vite.config.ts), so the script does not carry routes.ts a second time.
 */
export const routePaths = () => pathsFromManifest(window.__reactRouterManifest!.routes);
