import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest in one cacheable file instead of matching every route against each
  // page's links on the server (11% of a signed-in page's CPU in the profile).
  routeDiscovery: { mode: "initial" },
  // The one same-origin check is ours (app/middleware/request-guard.server.ts): stricter (Origin null,
  // Sec-Fetch-Site) and answered with a translated 403, where React Router's own would answer 400.
  allowedActionOrigins: ["**"],
  // Each of React Router v8's changes decided, so the build says nothing it need not: middleware on (the app is
  // built on it); requests passed through as they came (React Router no longer copies the request twice for every
  // loader, action and middleware: 5-10% of a page's CPU, docs/decisions/0021), so every handler reads its address
  // from `url`, never `request.url` (which keeps a data request's `.data` and `_routes`); the others kept as v7 does
  // them until each is taken with its own tests (data URLs change what the server reads, module splitting what the
  // browser loads).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
