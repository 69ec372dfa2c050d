import { href } from "react-router";
import type { Role } from "~/platform/db/schema";
import type { Capability } from "./capabilities";

/** A path of routes.ts, checked by React Router's typegen. */
type Path = Parameters<typeof href>[0];

export type Screen =
  | "dashboard"
  | "categories"
  | "categoryCreate"
  | "category"
  | "categoryEdit"
  | "categoriesDashboard"
  | "categoryRequests"
  | "request"
  | "requestEdit"
  | "requestIssue"
  | "requestPreview"
  | "bulkIssue"
  | "bulkJob"
  | "clientRequests"
  | "beneficiaryRequests"
  | "requiredFields"
  | "supportingTypes"
  | "clients"
  | "clientCreate"
  | "client"
  | "clientEdit"
  | "clientCategories"
  | "clientCategoryCreate"
  | "clientCategory"
  | "clientCategoryEdit"
  | "clientAdmins"
  | "clientAdminCreate"
  | "clientAdmin"
  | "clientAdminEdit"
  | "serviceAdmins"
  | "serviceAdminCreate"
  | "serviceAdmin"
  | "serviceAdminEdit"
  | "clerks"
  | "clerkCreate"
  | "clerk"
  | "clerkEdit"
  | "clerkUsers"
  | "clerkUser"
  | "clerkUserCreate"
  | "clerkUserEdit"
  | "categoryTemplate"
  | "signingCertificate"
  | "beneficiaries"
  | "beneficiaryCreate"
  | "beneficiary"
  | "beneficiaryEdit"
  | "myRequests"
  | "requestDocument"
  | "myRequest"
  | "myRequestEdit"
  | "attestations"
  | "attestation"
  | "attestationDecision"
  | "myAttestations"
  | "attestationCreate"
  | "myAttestation"
  | "announcements"
  | "announcementCreate"
  | "announcement"
  | "announcementEdit"
  | "workQueue"
  | "auditTrail"
  | "webhooks"
  | "webhook";

export interface SidebarLink {
  to: string;
  label: string;
}

type SidebarEntry = { label: string; capability?: Capability; screen: Screen };

export type AreaKey = "super-admin" | "service-admin" | "client-admin" | "clerks" | "beneficiary" | "shared";

export interface Area {
  key: AreaKey;
  /** The role whose home this area is (null: the shared dashboard group, open to every signed-in user). */
  role: Role | null;
  capability: Capability;
  screens: Partial<Record<Screen, Path>>;
  sidebar: SidebarEntry[];
  /**
   * The issue form of this area's role (docs/product.md, Who uses it; Rules and messages): whether it asks the expiry date, and
   * which wording its toasts and error banner use. Read from the user's HOME area, so the shared
   * dashboard's issue screen behaves as the user's own version.
   */
  issueForm?: { asksExpiry: boolean; wording: "superAdmin" | "staff" };
}

/** The document-category screens under a base path (the same four screens in every area that has them). */
const categoryScreens = <B extends string>(base: B) =>
  ({
    categories: base,
    categoryCreate: `${base}/create`,
    category: `${base}/:id`,
    categoryEdit: `${base}/edit/:id`,
    categoryTemplate: `${base}/template/:id`,
    categoryRequests: `${base}/requests/:categoryId`,
    request: `${base}/request/:id`,
    requestEdit: `${base}/request/edit/:id`,
  }) as const;

/** The staff attestation screens (docs/architecture.md §6.4): list, detail, decision. */
const attestationScreens = <B extends string>(base: B) =>
  ({ attestations: base, attestation: `${base}/:id`, attestationDecision: `${base}/edit/:id` }) as const;

/** The catalogue's child screens live in the shared dashboard group only (docs/product.md, Who uses it). */
const CHILD_SCREENS = {
  requiredFields: "/document-required-fields",
  supportingTypes: "/document-supporting-documents",
} as const;

/** docs/product.md, Who uses it: each area's screens and sidebar, in the spec's order. */
export const AREAS: Record<AreaKey, Area> = {
  "super-admin": {
    key: "super-admin",
    role: "SUPER_ADMIN",
    capability: "area:super-admin",
    issueForm: { asksExpiry: true, wording: "superAdmin" },
    screens: {
      dashboard: "/super-admin/dashboard",
      serviceAdmins: "/super-admin/service-admins-management",
      serviceAdminCreate: "/super-admin/service-admins-management/create",
      serviceAdmin: "/super-admin/service-admins-management/:id",
      serviceAdminEdit: "/super-admin/service-admins-management/edit/:id",
      clientAdmins: "/super-admin/client-admins-management",
      clientAdminCreate: "/super-admin/client-admins-management/create",
      clientAdmin: "/super-admin/client-admins-management/:id",
      clientAdminEdit: "/super-admin/client-admins-management/edit/:id",
      clients: "/super-admin/clients-management",
      clientCreate: "/super-admin/clients-management/create",
      client: "/super-admin/clients-management/:id",
      clientEdit: "/super-admin/clients-management/edit/:id",
      clientRequests: "/super-admin/clients-management/requests/:clientId",
      beneficiaryRequests: "/super-admin/beneficiaries-management/requests/:beneficiaryId",
      beneficiaries: "/super-admin/beneficiaries-management",
      beneficiaryCreate: "/super-admin/beneficiaries-management/create",
      beneficiary: "/super-admin/beneficiaries-management/:id",
      beneficiaryEdit: "/super-admin/beneficiaries-management/edit/:id",
      clerks: "/super-admin/clerks-management",
      clerkCreate: "/super-admin/clerks-management/create",
      clerk: "/super-admin/clerks-management/:id",
      clerkEdit: "/super-admin/clerks-management/edit/:id",
      ...categoryScreens("/super-admin/document-categories-management"),
      requestIssue: "/super-admin/document-categories-management/request/issue/:id",
      requestPreview: "/super-admin/document-categories-management/request/preview/:id",
      bulkIssue: "/super-admin/document-categories-management/bulk/:id",
      bulkJob: "/super-admin/document-categories-management/bulk-jobs/:jobId",
      ...attestationScreens("/super-admin/attestations-management"),
      workQueue: "/super-admin/requests",
      announcements: "/super-admin/public-announcements",
      announcement: "/super-admin/public-announcements/:id",
      auditTrail: "/super-admin/audit",
      ...CHILD_SCREENS,
    },
    sidebar: [
      { screen: "dashboard", label: "nav.dashboard" },
      { screen: "serviceAdmins", label: "nav.serviceAdmins" },
      { screen: "clientAdmins", label: "nav.clientAdmins" },
      { screen: "clients", label: "nav.clients" },
      { screen: "clerks", label: "nav.clerks" },
      { screen: "beneficiaries", label: "nav.beneficiaries" },
      { screen: "categories", label: "nav.documentCategories" },
      { screen: "attestations", label: "nav.attestations" },
      { screen: "announcements", label: "nav.publicAnnouncements" },
      { screen: "auditTrail", label: "nav.auditTrail" },
    ],
  },
  "service-admin": {
    key: "service-admin",
    role: "SERVICE_ADMIN",
    capability: "area:service-admin",
    screens: {
      dashboard: "/service-admin/dashboard",
      clientAdmins: "/service-admin/client-admins-management",
      clientAdminCreate: "/service-admin/client-admins-management/create",
      clientAdmin: "/service-admin/client-admins-management/:id",
      clientAdminEdit: "/service-admin/client-admins-management/edit/:id",
      clientCategories: "/service-admin/client-categories-management",
      clientCategoryCreate: "/service-admin/client-categories-management/create",
      clientCategory: "/service-admin/client-categories-management/:id",
      clientCategoryEdit: "/service-admin/client-categories-management/edit/:id",
      clients: "/service-admin/clients-management",
      clientCreate: "/service-admin/clients-management/create",
      client: "/service-admin/clients-management/:id",
      clientEdit: "/service-admin/clients-management/edit/:id",
      clientRequests: "/service-admin/clients-management/requests/:clientId",
      request: "/service-admin/clients-management/request/:id",
    },
    sidebar: [
      { screen: "dashboard", label: "nav.dashboard" },
      { screen: "clientAdmins", label: "nav.clientAdmins" },
      { screen: "clientCategories", label: "nav.clientCategories" },
      { screen: "clients", label: "nav.clients" },
    ],
  },
  "client-admin": {
    key: "client-admin",
    role: "CLIENT_ADMIN",
    capability: "area:client-admin",
    issueForm: { asksExpiry: true, wording: "staff" },
    screens: {
      dashboard: "/client-admin/dashboard",
      ...categoryScreens("/client-admin/document-categories"),
      requestIssue: "/client-admin/document-categories/request/issue/:id",
      requestPreview: "/client-admin/document-categories/request/preview/:id",
      bulkIssue: "/client-admin/document-categories/bulk/:id",
      bulkJob: "/client-admin/document-categories/bulk-jobs/:jobId",
      workQueue: "/client-admin/requests",
      clerks: "/client-admin/clerks",
      clerkCreate: "/client-admin/clerks/create",
      clerk: "/client-admin/clerks/:id",
      clerkEdit: "/client-admin/clerks/edit/:id",
      clerkUsers: "/client-admin/clerk-users",
      clerkUserCreate: "/client-admin/clerk-users/create",
      clerkUser: "/client-admin/clerk-users/:id",
      clerkUserEdit: "/client-admin/clerk-users/edit/:id",
      signingCertificate: "/client-admin/signing-certificate",
      auditTrail: "/client-admin/audit",
      webhooks: "/client-admin/webhooks",
      webhook: "/client-admin/webhooks/:id",
      ...CHILD_SCREENS,
    },
    sidebar: [
      { screen: "dashboard", label: "nav.dashboard" },
      { screen: "workQueue", label: "nav.workQueue", capability: "request:read" },
      { screen: "clerks", label: "nav.clerks", capability: "clerk:manage" },
      { screen: "clerkUsers", label: "nav.clerkUsers", capability: "clerk:manage" },
      { screen: "categories", label: "nav.documentCategories", capability: "catalogue:read" },
      { screen: "signingCertificate", label: "nav.signingCertificate", capability: "signing:manage" },
      { screen: "auditTrail", label: "nav.auditTrail", capability: "audit:read" },
      { screen: "webhooks", label: "nav.webhooks", capability: "webhook:manage" },
    ],
  },
  clerks: {
    key: "clerks",
    role: "CLERK",
    capability: "area:clerks",
    issueForm: { asksExpiry: false, wording: "staff" },
    screens: {
      dashboard: "/clerks/dashboard",
      categoriesDashboard: "/clerks/document-categories/dashboard",
      ...categoryScreens("/clerks/document-categories"),
      requestIssue: "/clerks/document-categories/request/issue/:id",
      requestPreview: "/clerks/document-categories/request/preview/:id",
      bulkIssue: "/clerks/document-categories/bulk/:id",
      bulkJob: "/clerks/document-categories/bulk-jobs/:jobId",
      workQueue: "/clerks/requests",
      ...attestationScreens("/clerks/attestations"),
      announcements: "/clerks/public-announcements",
      announcementCreate: "/clerks/public-announcements/create",
      announcement: "/clerks/public-announcements/:id",
      announcementEdit: "/clerks/public-announcements/edit/:id",
      ...CHILD_SCREENS,
    },
    sidebar: [
      { screen: "dashboard", label: "nav.dashboard" },
      { screen: "workQueue", label: "nav.workQueue", capability: "request:read" },
      { screen: "attestations", label: "nav.attestations", capability: "attestation:review" },
      { screen: "categories", label: "nav.documentCategories", capability: "catalogue:read" },
      { screen: "announcements", label: "nav.publicAnnouncements", capability: "announcement:publish" },
    ],
  },
  beneficiary: {
    key: "beneficiary",
    role: "BENEFICIARY",
    capability: "area:beneficiary",
    screens: {
      dashboard: "/beneficiary/dashboard",
      myRequests: "/beneficiary/request-document",
      requestDocument: "/beneficiary/request-document/create",
      myRequest: "/beneficiary/request-document/:id",
      myRequestEdit: "/beneficiary/request-document/edit/:id",
      myAttestations: "/beneficiary/attestations",
      attestationCreate: "/beneficiary/attestations/create",
      myAttestation: "/beneficiary/attestations/:id",
    },
    sidebar: [
      { screen: "dashboard", label: "nav.dashboard" },
      { screen: "myRequests", label: "nav.myRequests" },
      { screen: "myAttestations", label: "nav.attestations" },
    ],
  },
  shared: {
    key: "shared",
    role: null,
    capability: "area:shared",
    screens: {
      dashboard: "/dashboard",
      ...categoryScreens("/document-categories"),
      requestIssue: "/document-categories/request/:id/issue",
      ...CHILD_SCREENS,
    },
    sidebar: [],
  },
};

export const ROLE_AREAS = Object.values(AREAS).filter((area) => area.role !== null);

/** The area that is a role's home (the shared group shows its sidebar too). */
export const homeAreaOf = (role: Role): Area => ROLE_AREAS.find((area) => area.role === role)!;

/**
 * A link to a screen of the area, built with React Router's href(); null when the area has no such
 * screen (the caller shows no link).
 */
export function linkTo(
  area: Area,
  screen: Screen,
  params: Record<string, string | number> = {},
  search?: Record<string, string | number | undefined>,
): string | null {
  const pattern = area.screens[screen];
  if (!pattern) return null;
  const path = (href as (path: string, params: Record<string, string>) => string)(
    pattern,
    Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])),
  );
  const query = new URLSearchParams(
    Object.entries(search ?? {}).flatMap(([key, value]) =>
      value === undefined || value === "" ? [] : [[key, String(value)]],
    ),
  ).toString();
  return query ? `${path}?${query}` : path;
}

/** linkTo for screens every caller knows the area has. */
export function mustLinkTo(
  area: Area,
  screen: Screen,
  params: Record<string, string | number> = {},
  search?: Record<string, string | number | undefined>,
): string {
  const link = linkTo(area, screen, params, search);
  if (!link) throw new Error(`area ${area.key} has no screen ${screen}`);
  return link;
}

/** The sidebar the principal sees: the area's links that their capabilities allow. */
export function sidebarOf(area: Area, capabilities: ReadonlySet<Capability>): SidebarLink[] {
  return area.sidebar
    .filter((entry) => !entry.capability || capabilities.has(entry.capability))
    .map((entry) => ({ to: mustLinkTo(area, entry.screen), label: entry.label }));
}

/** Where a role's user lands after signing in. */
export const dashboardOf = (role: Role) => mustLinkTo(homeAreaOf(role), "dashboard");
