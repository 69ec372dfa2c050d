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

const REQUESTS = "routes/requests/staff-requests.tsx";
const REQUEST = "routes/requests/staff-request.tsx";
const REQUEST_EDIT = "routes/requests/staff-request-edit.tsx";
const ISSUE = "routes/requests/issue-document.tsx";

const CATEGORIES = "routes/catalogue/categories.tsx";
const CATEGORY = "routes/catalogue/category.tsx";
const CATEGORY_FORM = "routes/catalogue/category-form.tsx";

/** The document-category screens of an area: list, create, detail, edit. */
function categoryScreens(base: string, area: string) {
  return [
    route(base, CATEGORIES, { id: `${area}/categories` }),
    route(`${base}/create`, CATEGORY_FORM, { id: `${area}/category-create` }),
    route(`${base}/:id`, CATEGORY, { id: `${area}/category` }),
    route(`${base}/edit/:id`, CATEGORY_FORM, { id: `${area}/category-edit` }),
  ];
}

/** The staff request screens under a document-categories path: list by category, detail, edit, issue. */
function requestScreens(base: string, area: string) {
  return [
    route(`${base}/requests/:categoryId`, REQUESTS, { id: `${area}/category-requests` }),
    route(`${base}/request/:id`, REQUEST, { id: `${area}/request` }),
    route(`${base}/request/edit/:id`, REQUEST_EDIT, { id: `${area}/request-edit` }),
    route(`${base}/request/issue/:id`, ISSUE, { id: `${area}/request-issue` }),
  ];
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
  ...area("super-admin", [
    ...categoryScreens("document-categories-management", "super-admin"),
    ...requestScreens("document-categories-management", "super-admin"),
    route("clients-management/requests/:clientId", REQUESTS, { id: "super-admin/client-requests" }),
    route("beneficiaries-management/requests/:beneficiaryId", REQUESTS, { id: "super-admin/beneficiary-requests" }),
  ]),
  ...area("service-admin", [
    route("clients-management/requests/:clientId", REQUESTS, { id: "service-admin/client-requests" }),
    route("clients-management/request/:id", REQUEST, { id: "service-admin/request" }),
  ]),
  ...area("client-admin", [...categoryScreens("document-categories", "client-admin"), ...requestScreens("document-categories", "client-admin")]),
  ...area("clerks", [
    route("document-categories/dashboard", "routes/catalogue/categories-dashboard.tsx"),
    ...categoryScreens("document-categories", "clerks"),
    ...requestScreens("document-categories", "clerks"),
  ]),
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
    ...categoryScreens("document-categories", "shared"),
    route("document-categories/requests/:categoryId", REQUESTS, { id: "shared/category-requests" }),
    route("document-categories/request/:id", REQUEST, { id: "shared/request" }),
    route("document-categories/request/:id/issue", ISSUE, { id: "shared/request-issue" }),
    route("document-categories/request/edit/:id", REQUEST_EDIT, { id: "shared/request-edit" }),
    route("document-required-fields", "routes/catalogue/required-fields.tsx"),
    route("document-required-fields/create", "routes/catalogue/required-field-form.tsx", { id: "shared/required-field-create" }),
    route("document-required-fields/:id", "routes/catalogue/required-field.tsx"),
    route("document-required-fields/edit/:id", "routes/catalogue/required-field-form.tsx", { id: "shared/required-field-edit" }),
    route("document-supporting-documents", "routes/catalogue/supporting-types.tsx"),
    route("document-supporting-documents/create", "routes/catalogue/supporting-type-form.tsx", { id: "shared/supporting-type-create" }),
    route("document-supporting-documents/:id", "routes/catalogue/supporting-type.tsx"),
    route("document-supporting-documents/edit/:id", "routes/catalogue/supporting-type-form.tsx", { id: "shared/supporting-type-edit" }),
  ]),

  // Anything else: 404 'Not Found' (remix-i18next's middleware needs a splat route)
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
