import { conflict, done, type Outcome } from "~/platform/outcome";
import crypto from "node:crypto";
import type { DB } from "~/platform/db/db.server";
import { audit, type AuditActor } from "~/modules/audit/service.server";
import { sendInvitation } from "~/modules/auth/service.server";
import { mailResetLink } from "~/modules/auth/password-reset.server";
import { deleteUserSessions } from "~/modules/auth/queries.server";
import { findUserById, insertClerkRecord, ninTaken } from "~/modules/users/queries.server";
import { NIN_TAKEN } from "~/modules/auth/service.server";
import { hashPassword } from "~/modules/users/password.server";
import {
  emailTaken,
  insertClientAdminRecord,
  insertPerson,
  setUserStatus,
  updateClerkRecord,
  updateClientAdminRecord,
  updatePerson,
  type ClientAdminValues,
  type ManagedRole,
  type PersonValues,
} from "./queries.server";
import type { AdminInput, ClerkInput, ClientAdminInput } from "./schema";

export type SaveResult = Outcome<{ id: number }>;

const EMAIL_TAKEN = conflict("auth.emailTaken", "email");
const NIN_HELD = conflict(NIN_TAKEN, "nin");

const personValuesOf = (input: AdminInput): PersonValues => ({
  firstNameEn: input.firstName.english,
  firstNameAr: input.firstName.arabic,
  lastNameEn: input.lastName.english,
  lastNameAr: input.lastName.arabic,
  email: input.email,
  phone: input.phone,
  nin: input.nin,
});

const clientAdminValuesOf = (input: ClientAdminInput): ClientAdminValues => ({
  jobTitle: input.jobTitle,
  permissions: input.permissions,
  canDoAttestation: input.canDoAttestation,
});

const AUDIT_ENTITY = "USERS";
const auditName = (role: ManagedRole) =>
  ({ SERVICE_ADMIN: "service_admin", CLIENT_ADMIN: "client_admin", CLERK: "clerk", BENEFICIARY: "beneficiary" })[role];

/**
 * Creates a service admin or a client admin (the latter without a client until a client names them).
 * Without a password, the account gets one no one knows and the person is mailed a set-password link.
 */
export async function createPerson(
  db: DB,
  role: ManagedRole,
  input: AdminInput | ClientAdminInput | ClerkInput,
  actor: AuditActor,
  clientId?: number,
): Promise<SaveResult> {
  const passwordHash = await hashPassword(input.password ?? crypto.randomBytes(32).toString("base64url"));
  return db.transaction().execute(async (trx) => {
    if (await emailTaken(trx, input.email)) return EMAIL_TAKEN;
    if (await ninTaken(trx, input.nin)) return NIN_HELD;
    const id = await insertPerson(trx, role, personValuesOf(input), passwordHash);
    if (role === "CLIENT_ADMIN") await insertClientAdminRecord(trx, id, clientAdminValuesOf(input as ClientAdminInput));
    if (role === "CLERK")
      await insertClerkRecord(trx, id, { clientId: clientId!, jobTitle: (input as ClerkInput).jobTitle || null });
    await audit(trx, actor, {
      clientId: role === "CLERK" ? clientId : undefined,
      action: `${auditName(role)}.create`,
      entityType: AUDIT_ENTITY,
      entityId: id,
      details: { email: input.email.toLowerCase() },
    });
    if (!input.password) await sendInvitation(trx, id, actor);
    return done({ id });
  });
}

/** Ends every session of the person at once ("sign out everywhere"). */
export async function signOutEverywhere(db: DB, role: ManagedRole, id: number, actor: AuditActor) {
  await db.transaction().execute(async (trx) => {
    await deleteUserSessions(trx, id);
    await audit(trx, actor, {
      action: `${auditName(role)}.sign_out_everywhere`,
      entityType: AUDIT_ENTITY,
      entityId: id,
    });
  });
}

/** Mails the person a password-reset link (30 minutes, once). */
export async function sendResetLink(db: DB, role: ManagedRole, id: number, actor: AuditActor) {
  await db.transaction().execute(async (trx) => {
    const user = await findUserById(trx, id);
    if (!user) return;
    await mailResetLink(trx, user);
    await audit(trx, actor, { action: `${auditName(role)}.reset_link`, entityType: AUDIT_ENTITY, entityId: id });
  });
}

/** Mails the person a new set-password link (an admin sends the invitation again). */
export async function reinvite(db: DB, id: number, actor: AuditActor) {
  await db.transaction().execute((trx) => sendInvitation(trx, id, actor));
}

/** Saves the form; a new password (when given) replaces the old one and ends the person's sessions. */
export async function editPerson(
  db: DB,
  role: ManagedRole,
  id: number,
  input: AdminInput | ClientAdminInput | ClerkInput,
  actor: AuditActor,
  clientId?: number,
): Promise<SaveResult> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return db.transaction().execute(async (trx) => {
    if (await emailTaken(trx, input.email, id)) return EMAIL_TAKEN;
    if (await ninTaken(trx, input.nin, id)) return NIN_HELD;
    await updatePerson(trx, id, personValuesOf(input), passwordHash);
    if (role === "CLIENT_ADMIN") await updateClientAdminRecord(trx, id, clientAdminValuesOf(input as ClientAdminInput));
    if (role === "CLERK")
      await updateClerkRecord(trx, id, { clientId: clientId!, jobTitle: (input as ClerkInput).jobTitle || null });
    if (passwordHash) await deleteUserSessions(trx, id);
    await audit(trx, actor, {
      action: `${auditName(role)}.update`,
      entityType: AUDIT_ENTITY,
      entityId: id,
      details: { passwordChanged: Boolean(passwordHash) },
    });
    return done({ id });
  });
}

/** People are never deleted (docs/architecture.md §16): deactivation keeps them out and ends their sessions at once. */
export async function changeStatus(
  db: DB,
  role: ManagedRole,
  id: number,
  intent: "deactivate" | "reactivate",
  actor: AuditActor,
) {
  await db.transaction().execute(async (trx) => {
    await setUserStatus(trx, id, intent === "deactivate" ? "INACTIVE" : "ACTIVE");
    if (intent === "deactivate") await deleteUserSessions(trx, id);
    await audit(trx, actor, { action: `${auditName(role)}.${intent}`, entityType: AUDIT_ENTITY, entityId: id });
  });
}
