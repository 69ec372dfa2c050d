import type { Role } from "~/db/schema";

export interface Area {
  prefix: string;
  role: Role;
}

/** The five role areas of spec section 2, in the spec's order. */
export const AREAS: readonly Area[] = [
  { prefix: "/super-admin", role: "SUPER_ADMIN" },
  { prefix: "/service-admin", role: "SERVICE_ADMIN" },
  { prefix: "/client-admin", role: "CLIENT_ADMIN" },
  { prefix: "/clerks", role: "CLERK" },
  { prefix: "/beneficiary", role: "BENEFICIARY" },
];

export function areaOfPath(pathname: string): Area | null {
  return AREAS.find((area) => pathname === area.prefix || pathname.startsWith(`${area.prefix}/`)) ?? null;
}

export function areaOfRole(role: Role): Area {
  return AREAS.find((area) => area.role === role)!;
}

export const dashboardPathOf = (role: Role) => `${areaOfRole(role).prefix}/dashboard`;

export interface SidebarLink {
  to: string;
  label: string;
}

/** Spec section 2: each role's sidebar, exactly. */
export function sidebarLinks(role: Role, clientCanDoSincera: boolean): SidebarLink[] {
  switch (role) {
    case "BENEFICIARY":
      return [
        { to: "/beneficiary/dashboard", label: "nav.dashboard" },
        { to: "/beneficiary/request-document", label: "nav.requestDocument" },
        { to: "/beneficiary/attestations", label: "nav.attestations" },
      ];
    case "CLERK":
      return [
        { to: "/clerks/dashboard", label: "nav.dashboard" },
        { to: "/clerks/attestations", label: "nav.attestations" },
        { to: "/clerks/document-categories", label: "nav.documentCategories" },
        ...(clientCanDoSincera ? [{ to: "/clerks/public-announcements", label: "nav.publicAnnouncements" }] : []),
      ];
    case "CLIENT_ADMIN":
      return [
        { to: "/client-admin/dashboard", label: "nav.dashboard" },
        { to: "/client-admin/clerks", label: "nav.clerks" },
        { to: "/client-admin/document-categories", label: "nav.documentCategories" },
      ];
    case "SERVICE_ADMIN":
      return [
        { to: "/service-admin/dashboard", label: "nav.dashboard" },
        { to: "/service-admin/client-admins-management", label: "nav.clientAdmins" },
        { to: "/service-admin/client-categories-management", label: "nav.clientCategories" },
        { to: "/service-admin/clients-management", label: "nav.clients" },
      ];
    case "SUPER_ADMIN":
      return [
        { to: "/super-admin/dashboard", label: "nav.dashboard" },
        { to: "/super-admin/service-admins-management", label: "nav.serviceAdmins" },
        { to: "/super-admin/client-admins-management", label: "nav.clientAdmins" },
        { to: "/super-admin/clients-management", label: "nav.clients" },
        { to: "/super-admin/clerks-management", label: "nav.clerks" },
        { to: "/super-admin/beneficiaries-management", label: "nav.beneficiaries" },
        { to: "/super-admin/document-categories-management", label: "nav.documentCategories" },
        { to: "/super-admin/attestations-management", label: "nav.attestations" },
      ];
  }
}
