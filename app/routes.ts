import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/**
 * The map of the product (spec section 2), grouped by area in the spec's order.
 * A screen used in several areas is ONE module mounted several times with distinct ids
 * (docs/decisions/0004); it learns its area from the path.
 */

const AREA_LAYOUT = "routes/areas/area-layout.tsx";

/** A role area: its guard layout, an index that goes to the dashboard, the dashboard, and its screens. */
function area(name: string, screens: RouteConfig = []) {
  return prefix(name, [
    layout(AREA_LAYOUT, { id: `${name}/layout` }, [
      index("routes/areas/area-index.tsx", { id: `${name}/index` }),
      route("dashboard", "routes/dashboard/dashboard.tsx", { id: `${name}/dashboard` }),
      ...(screens as never[]),
    ]),
  ]);
}

export default [
  // Public (no login)
  index("routes/public/home.tsx"),
  route("login", "routes/public/login.tsx"),
  route("register", "routes/public/register.tsx"),
  route("logout", "routes/public/logout.tsx"),
  route("language", "routes/public/language.tsx"),

  // Public verification (no login, no script)
  route("verify", "routes/verify/verify-form.tsx"),
  route("verify/:code", "routes/verify/verify.tsx"),
  route("verify/:code/qr.svg", "routes/verify/qr.ts"),
  route("verify/:code/document", "routes/verify/document.ts"),

  // Resources
  route("healthz", "routes/resources/healthz.ts"),
  route("locales/:lng/:file", "routes/resources/locales.ts"),
  route("files/:id", "routes/resources/file.ts"),

  // Role areas
  ...area("super-admin"),
  ...area("service-admin"),
  ...area("client-admin"),
  ...area("clerks"),
  ...area("beneficiary", [
    route("request-document", "routes/requests/my-requests.tsx"),
    route("request-document/create", "routes/wizard/wizard.tsx"),
    route("request-document/:id", "routes/requests/my-request.tsx"),
    route("request-document/edit/:id", "routes/requests/my-request-edit.tsx"),
  ]),

  // Shared dashboard group (any signed-in user)
  layout(AREA_LAYOUT, { id: "shared/layout" }, [
    route("dashboard", "routes/dashboard/dashboard-redirect.tsx"),
    route("profile", "routes/profile/profile.tsx"),
  ]),

  // Anything else: 404 'Not Found' (remix-i18next's middleware needs a splat route)
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
