import { href } from "react-router";
import { routePaths } from "~/modules/access/route-paths";
import type { Role } from "~/platform/db/schema";
import type { Capability } from "./capabilities";

/** The screens an area may have; routes.ts names each mounting `{area}/{screen}` (docs/architecture.md §4). */
export const SCREENS = [
  "dashboard",
  "categories",
  "categoryCreate",
  "category",
  "categoryEdit",
  "categoriesDashboard",
  "categoryRequests",
  "request",
  "requestEdit",
  "requestIssue",
  "requestPreview",
  "bulkIssue",
  "bulkJob",
  "clientRequests",
  "beneficiaryRequests",
  "requiredFields",
  "supportingTypes",
  "clients",
  "clientCreate",
  "client",
  "clientEdit",
  "clientCategories",
  "clientCategoryCreate",
  "clientCategory",
  "clientCategoryEdit",
  "clientAdmins",
  "clientAdminCreate",
  "clientAdmin",
  "clientAdminEdit",
  "serviceAdmins",
  "serviceAdminCreate",
  "serviceAdmin",
  "serviceAdminEdit",
  "clerks",
  "clerkCreate",
  "clerk",
  "clerkEdit",
  "clerkUsers",
  "clerkUser",
  "clerkUserCreate",
  "clerkUserEdit",
  "categoryTemplate",
  "signingCertificate",
  "beneficiaries",
  "beneficiaryCreate",
  "beneficiary",
  "beneficiaryEdit",
  "myRequests",
  "requestDocument",
  "myRequest",
  "myRequestEdit",
  "attestations",
  "attestation",
  "attestationDecision",
  "myAttestations",
  "attestationCreate",
  "myAttestation",
  "announcements",
  "announcementCreate",
  "announcement",
  "announcementEdit",
  "workQueue",
  "auditTrail",
  "webhooks",
  "webhook",
] as const;
export type Screen = (typeof SCREENS)[number];

export interface SidebarLink {
  to: string;
  label: string;
}

type SidebarEntry = { label: string; capability?: Capability; screen: Screen };

// Read from routes.ts on the server and from React Router's route manifest in the browser (route-paths.browser.ts,
// which vite.config.ts puts in its place in the browser's build): the page's script does not carry the route table.
const ROUTE_PATHS = routePaths();

export type AreaKey = "super-admin" | "service-admin" | "client-admin" | "clerks" | "beneficiary" | "shared";

export interface Area {
  key: AreaKey;
  /** The role whose home this area is (null: the shared dashboard group, open to every signed-in user). */
  role: Role | null;
  capability: Capability;
  /** Each screen's path pattern, read from routes.ts. */
  screens: Partial<Record<Screen, string>>;
  sidebar: SidebarEntry[];
  /**
   * The issue form of this area's role (docs/product.md, Who uses it; Rules and messages): whether it asks the expiry date, and
   * which wording its toasts and error banner use. Read from the user's HOME area, so the shared
   * dashboard's issue screen behaves as the user's own version.
   */
  issueForm?: { asksExpiry: boolean; wording: "superAdmin" | "staff" };
}

/** The catalogue's child screens live in the shared dashboard group only (docs/product.md, Who uses it). */
const CHILD_SCREENS: Screen[] = ["requiredFields", "supportingTypes"];

/** Each area's screens, read from routes.ts: a route with the id `{area}/{screen}`. */
function screensOf(area: AreaKey, childScreens = false): Partial<Record<Screen, string>> {
  const screens: Partial<Record<Screen, string>> = {};
  for (const screen of SCREENS) {
    const path =
      ROUTE_PATHS.get(`${area}/${screen}`) ??
      (childScreens && CHILD_SCREENS.includes(screen) ? ROUTE_PATHS.get(`shared/${screen}`) : undefined);
    if (path) screens[screen] = path;
  }
  return screens;
}

/** docs/product.md, Who uses it: each area's screens and sidebar, in the spec's order. */
export const AREAS: Record<AreaKey, Area> = {
  "super-admin": {
    key: "super-admin",
    role: "SUPER_ADMIN",
    capability: "area:super-admin",
    issueForm: { asksExpiry: true, wording: "superAdmin" },
    screens: screensOf("super-admin", true),
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
    screens: screensOf("service-admin"),
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
    screens: screensOf("client-admin", true),
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
    screens: screensOf("clerks", true),
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
    screens: screensOf("beneficiary"),
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
    screens: screensOf("shared", true),
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
