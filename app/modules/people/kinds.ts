import type { Capability, Screen } from "~/modules/access";
import type { ManagedRole } from "./schema";

export interface PersonKind {
  role: ManagedRole;
  capability: Capability;
  screens: { list: Screen; create: Screen; detail: Screen; edit: Screen };
  /** Translation keys: list title, add button, empty list, toasts. */
  labels: { list: string; create: string; empty: string; created: string; saved: string };
}

/** The two kinds of people the platform's admins manage with the same screens (docs/architecture.md §16). */
export const PERSON_KINDS: Record<ManagedRole, PersonKind> = {
  SERVICE_ADMIN: {
    role: "SERVICE_ADMIN",
    capability: "serviceAdmin:manage",
    screens: { list: "serviceAdmins", create: "serviceAdminCreate", detail: "serviceAdmin", edit: "serviceAdminEdit" },
    labels: {
      list: "admin.serviceAdmins",
      create: "admin.newServiceAdmin",
      empty: "admin.noServiceAdmins",
      created: "admin.personCreated",
      saved: "admin.personSaved",
    },
  },
  CLIENT_ADMIN: {
    role: "CLIENT_ADMIN",
    capability: "clientAdmin:manage",
    screens: { list: "clientAdmins", create: "clientAdminCreate", detail: "clientAdmin", edit: "clientAdminEdit" },
    labels: {
      list: "admin.clientAdmins",
      create: "admin.newClientAdmin",
      empty: "admin.noClientAdmins",
      created: "admin.personCreated",
      saved: "admin.personSaved",
    },
  },
  CLERK: {
    role: "CLERK",
    capability: "clerk:manage",
    screens: { list: "clerks", create: "clerkCreate", detail: "clerk", edit: "clerkEdit" },
    labels: {
      list: "admin.clerks",
      create: "admin.newClerk",
      empty: "admin.noClerks",
      created: "admin.personCreated",
      saved: "admin.personSaved",
    },
  },
  BENEFICIARY: {
    role: "BENEFICIARY",
    capability: "beneficiary:manage",
    screens: { list: "beneficiaries", create: "beneficiaryCreate", detail: "beneficiary", edit: "beneficiaryEdit" },
    labels: {
      list: "admin.beneficiaries",
      create: "admin.newBeneficiary",
      empty: "admin.noBeneficiaries",
      created: "admin.personCreated",
      saved: "admin.personSaved",
    },
  },
};
