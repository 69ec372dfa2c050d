import type { Role } from "~/platform/db/schema";

/** What a signed-in (or anonymous) user may do: docs/architecture.md §15, docs/product.md, Who uses it. */
export const CAPABILITIES = [
  "account:signIn",
  "area:super-admin",
  "area:service-admin",
  "area:client-admin",
  "area:clerks",
  "area:beneficiary",
  "area:shared",
  "profile:read",
  "request:submit",
  "request:read",
  "request:update",
  "request:issue",
  "request:revoke",
  "catalogue:read",
  "catalogue:write",
  "file:read",
  "attestation:create",
  "attestation:review",
  "announcement:publish",
  "announcement:write",
  "clerk:manage",
  "client:read",
  "client:manage",
  "clientCategory:manage",
  "clientAdmin:manage",
  "serviceAdmin:manage",
  "beneficiary:manage",
  "audit:read",
  "security:manage",
  "signing:manage",
  "webhook:manage",
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const SIGNED_IN: Capability[] = ["area:shared", "profile:read", "file:read"];
const STAFF_WORK: Capability[] = [
  "catalogue:read",
  "catalogue:write",
  "request:read",
  "request:update",
  "request:issue",
  "request:revoke",
];

/**
 * docs/product.md, Who uses it, as a table: the super admin manages everything; the service admin clients, client
 * categories and client admins (and may look at requests); the client admin the client's catalogue,
 * requests and clerks; the clerk the catalogue, requests, attestations and (with canDoSincera)
 * announcements, which they write (`announcement:write`) and the super admin may only take down; the beneficiary requests documents and attestations.
 */
export const ROLE_CAPABILITIES: Record<Role | "ANONYMOUS", readonly Capability[]> = {
  ANONYMOUS: ["account:signIn"],
  SUPER_ADMIN: [
    ...SIGNED_IN,
    "area:super-admin",
    ...STAFF_WORK,
    "attestation:review",
    "announcement:publish",
    "clerk:manage",
    "client:read",
    "client:manage",
    "clientCategory:manage",
    "clientAdmin:manage",
    "serviceAdmin:manage",
    "beneficiary:manage",
    "audit:read",
    "security:manage",
  ],
  SERVICE_ADMIN: [
    ...SIGNED_IN,
    "area:service-admin",
    "request:read",
    "client:read",
    "client:manage",
    "clientCategory:manage",
    "clientAdmin:manage",
  ],
  CLIENT_ADMIN: [
    ...SIGNED_IN,
    "area:client-admin",
    ...STAFF_WORK,
    "clerk:manage",
    "attestation:review",
    "signing:manage",
    "audit:read",
    "webhook:manage",
  ],
  CLERK: [
    ...SIGNED_IN,
    "area:clerks",
    ...STAFF_WORK,
    "attestation:review",
    "announcement:publish",
    "announcement:write",
  ],
  BENEFICIARY: [...SIGNED_IN, "area:beneficiary", "request:submit", "attestation:create"],
};

/**
 * The capabilities a client admin's `permissions` may narrow: offered as checkboxes on the client-admin
 * form. An empty list means all of them.
 */
export const CLIENT_ADMIN_PERMISSIONS = [
  "catalogue:write",
  "request:update",
  "request:issue",
  "request:revoke",
  "clerk:manage",
] as const satisfies readonly Capability[];
export type ClientAdminPermission = (typeof CLIENT_ADMIN_PERMISSIONS)[number];

export const isClientAdminPermission = (value: unknown): value is ClientAdminPermission =>
  (CLIENT_ADMIN_PERMISSIONS as readonly unknown[]).includes(value);

/** A client admin's stored `permissions` (JSON text), keeping only the capabilities it may narrow. */
export function parsePermissions(json: string | null): ClientAdminPermission[] {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.filter(isClientAdminPermission) : [];
  } catch {
    return [];
  }
}

/** What the staff record and the client's flags say, besides the role. */
export interface StaffGrant {
  clientId: number | null;
  clientCanDoSincera: boolean;
  clientCanDoAttestation: boolean;
  /** Client admins only: the stored permissions list and their own attestation flag. */
  permissions?: readonly string[];
  canDoAttestation?: boolean;
}

/** The role's capabilities, narrowed by the staff record and the client's flags (docs/architecture.md §15). */
export function capabilitiesOf(role: Role | null, staff: StaffGrant | null): Set<Capability> {
  const granted = new Set<Capability>(ROLE_CAPABILITIES[role ?? "ANONYMOUS"]);
  if (role !== "CLERK" && role !== "CLIENT_ADMIN") return granted;
  const clientWork: Capability[] = [
    ...STAFF_WORK,
    "clerk:manage",
    "attestation:review",
    "announcement:publish",
    "announcement:write",
  ];
  if (!staff?.clientId) {
    // Staff not yet assigned to an organisation reach their area, and nothing of any client.
    for (const capability of clientWork) granted.delete(capability);
    return granted;
  }
  if (!staff.clientCanDoAttestation) granted.delete("attestation:review");
  if (!staff.clientCanDoSincera) {
    granted.delete("announcement:publish");
    granted.delete("announcement:write");
  }
  if (role === "CLIENT_ADMIN") {
    if (!staff.canDoAttestation) granted.delete("attestation:review");
    const chosen = (staff.permissions ?? []).filter(isClientAdminPermission);
    if (chosen.length > 0) {
      for (const capability of CLIENT_ADMIN_PERMISSIONS) if (!chosen.includes(capability)) granted.delete(capability);
    }
  }
  return granted;
}
