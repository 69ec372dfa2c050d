import type { RouteConfig } from "@react-router/dev/routes";
import { index, layout, prefix, route } from "./route-config";

/**
 * The map of the product (docs/product.md, Who uses it), grouped by area in the spec's order.
 * A screen used in several areas is ONE module mounted several times with distinct ids; each area's
 * layout puts the area into the router context, and screens read it from there (docs/architecture.md §15).
 * A screen's id is `{area}/{screen}` (a name of `SCREENS` in app/modules/access/areas.ts): the areas' links are read
 * from here, so each path is written once.
 */

const REQUESTS = "routes/requests/staff-requests.tsx";
const REQUESTS_EXPORT = "routes/requests/staff-requests-export.ts";
const REQUEST = "routes/requests/staff-request.tsx";
const REQUEST_EDIT = "routes/requests/staff-request-edit.tsx";
const ISSUE = "routes/requests/issue-document.tsx";
const NOT_FOUND = "routes/public/not-found.tsx";

/** A role area: its guard layout, an index that goes to the dashboard, the dashboard, its screens, and a 404 inside its shell. */
function area(name: string, screens: RouteConfig = []) {
  return prefix(name, [
    layout(`routes/areas/${name}.tsx`, [
      index("routes/areas/area-index.tsx", { id: `${name}/index` }),
      route("dashboard", "routes/dashboard/dashboard.tsx", { id: `${name}/dashboard` }),
      ...(screens as never[]),
      route("*", NOT_FOUND, { id: `${name}/not-found` }),
    ]),
  ]);
}

/** A list and, beside it at `{path}/export`, the resource route of its download (CSV or Excel). */
function listWithExport(path: string, file: string, id: string, exportFile: string) {
  return [route(path, file, { id }), route(`${path}/export`, exportFile, { id: `${id}-export` })];
}

/** A staff request list (of a category, a client, a beneficiary, or the work queue) with its download. */
const requestList = (path: string, id: string) => listWithExport(path, REQUESTS, id, REQUESTS_EXPORT);

/**
 * A managed kind's four screens (docs/architecture.md §16): list (with its download, when it has one), create, detail,
 * edit, named after the kind (`client`, `clients`: the screens clients, clientCreate, client, clientEdit).
 */
function managed(
  base: string,
  areaName: string,
  [one, many]: [string, string],
  files: { list: string; detail: string; form: string; export?: string },
) {
  return [
    ...(files.export
      ? listWithExport(base, files.list, `${areaName}/${many}`, files.export)
      : [route(base, files.list, { id: `${areaName}/${many}` })]),
    route(`${base}/create`, files.form, { id: `${areaName}/${one}Create` }),
    route(`${base}/:id`, files.detail, { id: `${areaName}/${one}` }),
    route(`${base}/edit/:id`, files.form, { id: `${areaName}/${one}Edit` }),
  ];
}

const PEOPLE_EXPORT = "routes/admin/people-export.ts";
const CATEGORY_FILES = {
  export: "routes/catalogue/categories-export.ts",
  list: "routes/catalogue/categories.tsx",
  detail: "routes/catalogue/category.tsx",
  form: "routes/catalogue/category-form.tsx",
};
/** The draft of a request's document from its category's template (a PDF, beside the issue screen). */
const ISSUE_PREVIEW = "routes/requests/issue-preview.ts";
/** A category's document template, beside the category's screens in each area that has them. */
const CATEGORY_TEMPLATE = "routes/catalogue/category-template.tsx";
const CLIENT_FILES = {
  export: "routes/admin/clients-export.ts",
  list: "routes/admin/clients.tsx",
  detail: "routes/admin/client.tsx",
  form: "routes/admin/client-form.tsx",
};
const CLIENT_CATEGORY_FILES = {
  export: "routes/admin/client-categories-export.ts",
  list: "routes/admin/client-categories.tsx",
  detail: "routes/admin/client-category.tsx",
  form: "routes/admin/client-category-form.tsx",
};
const CLIENT_ADMIN_FILES = {
  export: PEOPLE_EXPORT,
  list: "routes/admin/client-admins.tsx",
  detail: "routes/admin/client-admin.tsx",
  form: "routes/admin/client-admin-form.tsx",
};
const BENEFICIARY_FILES = {
  export: PEOPLE_EXPORT,
  list: "routes/admin/beneficiaries.tsx",
  detail: "routes/admin/beneficiary.tsx",
  form: "routes/admin/beneficiary-form.tsx",
};
const CLERK_FILES = {
  export: PEOPLE_EXPORT,
  list: "routes/admin/clerks.tsx",
  detail: "routes/admin/clerk.tsx",
  form: "routes/admin/clerk-form.tsx",
};
const SERVICE_ADMIN_FILES = {
  export: PEOPLE_EXPORT,
  list: "routes/admin/service-admins.tsx",
  detail: "routes/admin/service-admin.tsx",
  form: "routes/admin/service-admin-form.tsx",
};

const ATTESTATIONS = "routes/attestations/staff-attestations.tsx";
const ATTESTATION = "routes/attestations/staff-attestation.tsx";
const ATTESTATION_DECISION = "routes/attestations/attestation-decision.tsx";

/** The staff attestation screens (docs/architecture.md §6.4): list, detail and the decision, the same modules in each area. */
function attestationScreens(base: string, areaName: string) {
  return [
    ...listWithExport(
      base,
      ATTESTATIONS,
      `${areaName}/attestations`,
      "routes/attestations/staff-attestations-export.ts",
    ),
    route(`${base}/:id`, ATTESTATION, { id: `${areaName}/attestation` }),
    route(`${base}/edit/:id`, ATTESTATION_DECISION, { id: `${areaName}/attestationDecision` }),
  ];
}

/** The audit trail (docs/architecture.md §22): the super admin's of every client, a client admin's of theirs. */
const AUDIT_TRAIL = "routes/audit/audit-trail.tsx";
const AUDIT_TRAIL_EXPORT = "routes/audit/audit-trail-export.ts";

const ANNOUNCEMENTS = "routes/announcements/announcements.tsx";
const ANNOUNCEMENT = "routes/announcements/announcement.tsx";
const ANNOUNCEMENT_FORM = "routes/announcements/announcement-form.tsx";
const announcementList = (path: string, id: string) =>
  listWithExport(path, ANNOUNCEMENTS, id, "routes/announcements/announcements-export.ts");

/** Bulk issuance from a file (docs/architecture.md §21): a category's upload and check, a job's page and its downloads. */
function bulkScreens(base: string, areaName: string) {
  return [
    route(`${base}/bulk/:id`, "routes/bulk/bulk-issue.tsx", { id: `${areaName}/bulkIssue` }),
    route(`${base}/bulk/:id/sample`, "routes/bulk/bulk-sample.ts", { id: `${areaName}/bulkSample` }),
    route(`${base}/bulk-jobs/:jobId`, "routes/bulk/bulk-job.tsx", { id: `${areaName}/bulkJob` }),
    route(`${base}/bulk-jobs/:jobId/export`, "routes/bulk/bulk-job-export.ts", { id: `${areaName}/bulkJob-export` }),
  ];
}

/** The staff request screens under a document-categories path: list by category, detail, edit, issue. */
function requestScreens(base: string, areaName: string) {
  return [
    ...requestList(`${base}/requests/:categoryId`, `${areaName}/categoryRequests`),
    route(`${base}/request/:id`, REQUEST, { id: `${areaName}/request` }),
    route(`${base}/request/edit/:id`, REQUEST_EDIT, { id: `${areaName}/requestEdit` }),
    route(`${base}/request/issue/:id`, ISSUE, { id: `${areaName}/requestIssue` }),
    route(`${base}/request/preview/:id`, ISSUE_PREVIEW, { id: `${areaName}/requestPreview` }),
    ...bulkScreens(base, areaName),
  ];
}

export default [
  // Public (no login)
  index("routes/public/home.tsx"),
  route("login", "routes/public/login.tsx"),
  route("login/two-factor", "routes/public/login-two-factor.tsx"),
  route("login/sso", "routes/public/login-sso.ts"),
  route("login/sso/callback", "routes/public/login-sso-callback.ts"),
  route("login/national-id", "routes/public/login-national-id.ts"),
  route("login/national-id/callback", "routes/public/login-national-id-callback.ts"),
  route("register", "routes/public/register.tsx"),
  route("forgot-password", "routes/public/forgot-password.tsx"),
  route("reset-password", "routes/public/reset-password.tsx"),
  route("logout", "routes/public/logout.tsx"),
  route("language", "routes/public/language.tsx"),
  route("version", "routes/public/version.tsx"),

  // Public verification (no login, no script)
  route("verify", "routes/verify/verify-form.tsx"),
  route("verify/batch", "routes/verify/batch.tsx"),
  route("verify/offline", "routes/verify/offline.tsx"),
  route("certificate-authority.pem", "routes/verify/authority-certificate.ts"),
  route("certificate-authority.crl", "routes/verify/authority-crl.ts"),
  route("verify/:code", "routes/verify/verify.tsx"),
  route("verify/:code/qr.svg", "routes/verify/qr.ts"),
  route("verify/:code/document", "routes/verify/document.ts"),
  route("verify/:code/credential", "routes/verify/credential.ts"),
  route(".well-known/did.json", "routes/verify/did-document.ts"),
  route("credentials/status/:list", "routes/verify/status-list.ts"),
  route("credentials/issuers", "routes/verify/issuer-documents.ts"),
  route("organisations/:clientId/did.json", "routes/verify/organisation-did-document.ts"),
  route("organisations/:clientId/status/:list", "routes/verify/status-list.ts", { id: "organisation-status-list" }),
  route("verify/present", "routes/verify/present.tsx"),
  route("verify/present/:key", "routes/verify/present-answer.tsx"),

  // Wallets (docs/decisions/0027): OpenID4VCI issuer and SD-JWT VC metadata, the wallet-facing endpoints, the
  // holder's offer page
  route(".well-known/openid-credential-issuer", "routes/wallet/credential-issuer-metadata.ts"),
  route(".well-known/oauth-authorization-server", "routes/wallet/authorization-server-metadata.ts"),
  route(".well-known/jwt-vc-issuer/organisations/:clientId", "routes/wallet/jwt-vc-issuer.ts"),
  route("credentials/types/:kind", "routes/wallet/type-metadata.ts"),
  route("organisations/:clientId/token-status/:list", "routes/wallet/token-status-list.ts"),
  route("organisations/:clientId/logo", "routes/wallet/organisation-logo.ts"),
  route("wallet/token", "routes/wallet/token.ts"),
  route("wallet/nonce", "routes/wallet/nonce.ts"),
  route("wallet/credential", "routes/wallet/credential.ts"),
  route("wallet/presentations/:key", "routes/wallet/presentation-response.ts"),

  // Public announcements (no login, no script): one, and an organisation's list and Atom feed
  route("public-announcements/:slug", "routes/public/announcement.tsx"),
  route("organisations/:clientId/announcements", "routes/public/organisation-announcements.tsx"),
  route("organisations/:clientId/announcements.atom", "routes/public/announcements-feed.ts"),

  // Resources
  route("healthz", "routes/resources/healthz.ts"),
  route("locales/:lng/:file", "routes/resources/locales.ts"),
  route("files/:id", "routes/resources/file.ts"),
  route("credentials/:id", "routes/resources/credential.ts"),

  // The JSON API (docs/architecture.md §18): its reference page, then one resource route answering every call
  route("api/docs", "routes/api/docs.tsx"),
  route("api/*", "routes/api/api.ts"),

  // Role areas
  ...area("super-admin", [
    route("two-factor-policy", "routes/admin/two-factor-policy.tsx"),
    ...managed("service-admins-management", "super-admin", ["serviceAdmin", "serviceAdmins"], SERVICE_ADMIN_FILES),
    ...managed("client-admins-management", "super-admin", ["clientAdmin", "clientAdmins"], CLIENT_ADMIN_FILES),
    ...managed("clients-management", "super-admin", ["client", "clients"], CLIENT_FILES),
    ...managed("clerks-management", "super-admin", ["clerk", "clerks"], CLERK_FILES),
    ...managed("beneficiaries-management", "super-admin", ["beneficiary", "beneficiaries"], BENEFICIARY_FILES),
    ...requestList("clients-management/requests/:clientId", "super-admin/clientRequests"),
    ...requestList("beneficiaries-management/requests/:beneficiaryId", "super-admin/beneficiaryRequests"),
    ...managed("document-categories-management", "super-admin", ["category", "categories"], CATEGORY_FILES),
    route("document-categories-management/template/:id", CATEGORY_TEMPLATE, { id: "super-admin/categoryTemplate" }),
    ...requestScreens("document-categories-management", "super-admin"),
    ...attestationScreens("attestations-management", "super-admin"),
    ...requestList("requests", "super-admin/workQueue"),
    // The super admin reads every client's announcements and may unpublish any.
    ...announcementList("public-announcements", "super-admin/announcements"),
    route("public-announcements/:id", ANNOUNCEMENT, { id: "super-admin/announcement" }),
    ...listWithExport("audit", AUDIT_TRAIL, "super-admin/auditTrail", AUDIT_TRAIL_EXPORT),
  ]),
  ...area("service-admin", [
    ...managed("client-admins-management", "service-admin", ["clientAdmin", "clientAdmins"], CLIENT_ADMIN_FILES),
    ...managed(
      "client-categories-management",
      "service-admin",
      ["clientCategory", "clientCategories"],
      CLIENT_CATEGORY_FILES,
    ),
    ...managed("clients-management", "service-admin", ["client", "clients"], CLIENT_FILES),
    ...requestList("clients-management/requests/:clientId", "service-admin/clientRequests"),
    route("clients-management/request/:id", REQUEST, { id: "service-admin/request" }),
  ]),
  ...area("client-admin", [
    ...managed("document-categories", "client-admin", ["category", "categories"], CATEGORY_FILES),
    route("document-categories/template/:id", CATEGORY_TEMPLATE, { id: "client-admin/categoryTemplate" }),
    // Clerks: the work view; clerk users: the access view of the same people.
    ...managed("clerks", "client-admin", ["clerk", "clerks"], CLERK_FILES),
    ...managed("clerk-users", "client-admin", ["clerkUser", "clerkUsers"], CLERK_FILES),
    ...requestScreens("document-categories", "client-admin"),
    ...requestList("requests", "client-admin/workQueue"),
    route("signing-certificate", "routes/admin/signing-certificate.tsx", { id: "client-admin/signingCertificate" }),
    ...listWithExport("audit", AUDIT_TRAIL, "client-admin/auditTrail", AUDIT_TRAIL_EXPORT),
    // The organisation's webhooks (docs/decisions/0019).
    route("webhooks", "routes/webhooks/webhooks.tsx", { id: "client-admin/webhooks" }),
    route("webhooks/:id", "routes/webhooks/webhook.tsx", { id: "client-admin/webhook" }),
  ]),
  ...area("clerks", [
    route("document-categories/dashboard", "routes/catalogue/categories-dashboard.tsx", {
      id: "clerks/categoriesDashboard",
    }),
    ...managed("document-categories", "clerks", ["category", "categories"], CATEGORY_FILES),
    route("document-categories/template/:id", CATEGORY_TEMPLATE, { id: "clerks/categoryTemplate" }),
    ...requestScreens("document-categories", "clerks"),
    ...attestationScreens("attestations", "clerks"),
    ...requestList("requests", "clerks/workQueue"),
    ...announcementList("public-announcements", "clerks/announcements"),
    route("public-announcements/create", ANNOUNCEMENT_FORM, { id: "clerks/announcementCreate" }),
    route("public-announcements/:id", ANNOUNCEMENT, { id: "clerks/announcement" }),
    route("public-announcements/edit/:id", ANNOUNCEMENT_FORM, { id: "clerks/announcementEdit" }),
  ]),
  ...area("beneficiary", [
    route("request-document", "routes/requests/my-requests.tsx", { id: "beneficiary/myRequests" }),
    route("request-document/create", "routes/wizard/wizard.tsx", { id: "beneficiary/requestDocument" }),
    route("request-document/:id", "routes/requests/my-request.tsx", { id: "beneficiary/myRequest" }),
    route("request-document/edit/:id", "routes/requests/my-request-edit.tsx", { id: "beneficiary/myRequestEdit" }),
    route("attestations", "routes/attestations/my-attestations.tsx", { id: "beneficiary/myAttestations" }),
    route("attestations/create", "routes/attestations/attestation-create.tsx", { id: "beneficiary/attestationCreate" }),
    route("attestations/:id", "routes/attestations/my-attestation.tsx", { id: "beneficiary/myAttestation" }),
    route("wallet/:id", "routes/wallet/add-to-wallet.tsx", { id: "beneficiary/addToWallet" }),
  ]),

  // Shared dashboard group (any signed-in user)
  layout("routes/areas/shared.tsx", [
    route("dashboard", "routes/dashboard/dashboard-redirect.tsx", { id: "shared/dashboard" }),
    route("profile", "routes/profile/profile.tsx"),
    route("profile/two-factor", "routes/profile/two-factor.tsx"),
    route("user/profile/:id/edit", "routes/profile/profile-edit.tsx"),
    route("notifications", "routes/notifications/notifications.tsx"),
    ...managed("document-categories", "shared", ["category", "categories"], CATEGORY_FILES),
    route("document-categories/template/:id", CATEGORY_TEMPLATE, { id: "shared/categoryTemplate" }),
    ...requestList("document-categories/requests/:categoryId", "shared/categoryRequests"),
    route("document-categories/request/:id", REQUEST, { id: "shared/request" }),
    route("document-categories/request/:id/issue", ISSUE, { id: "shared/requestIssue" }),
    route("document-categories/request/edit/:id", REQUEST_EDIT, { id: "shared/requestEdit" }),
    route("document-required-fields", "routes/catalogue/required-fields.tsx", { id: "shared/requiredFields" }),
    route("document-required-fields/create", "routes/catalogue/required-field-form.tsx", {
      id: "shared/required-field-create",
    }),
    route("document-required-fields/:id", "routes/catalogue/required-field.tsx"),
    route("document-required-fields/edit/:id", "routes/catalogue/required-field-form.tsx", {
      id: "shared/required-field-edit",
    }),
    route("document-supporting-documents", "routes/catalogue/supporting-types.tsx", { id: "shared/supportingTypes" }),
    route("document-supporting-documents/create", "routes/catalogue/supporting-type-form.tsx", {
      id: "shared/supporting-type-create",
    }),
    route("document-supporting-documents/:id", "routes/catalogue/supporting-type.tsx"),
    route("document-supporting-documents/edit/:id", "routes/catalogue/supporting-type-form.tsx", {
      id: "shared/supporting-type-edit",
    }),
  ]),

  // Anything else: 404 'Not Found', rendered inside the layout with the root's middleware
  route("*", NOT_FOUND),
] satisfies RouteConfig;
