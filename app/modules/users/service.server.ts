import { done, type Outcome, refused } from "~/platform/outcome";
import { z } from "zod";
import type { DB } from "~/platform/db/db.server";
import { audit, SYSTEM } from "~/modules/audit/service.server";
import { hashPassword } from "~/modules/users/password.server";
import { findUserByEmail, insertUser } from "./queries.server";

const input = z.object({
  email: z.email(),
  password: z.string().min(8),
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  /** The name as Arabic pages show it; the Latin one when not given. */
  firstNameAr: z.string().min(1).optional(),
  lastNameAr: z.string().min(1).optional(),
});

/** Used by `npm run admin:create` to bootstrap a real deployment, and by the demo data (`via`). */
export async function createSuperAdmin(
  db: DB,
  values: z.input<typeof input>,
  via: "cli" | "seed" = "cli",
): Promise<Outcome<{ id: number }>> {
  const parsed = input.safeParse(values);
  // The operator reads these in a terminal, in English (README, Operations).
  if (!parsed.success) return refused("Give --email (valid) and --password (at least 8 characters).");
  if (await findUserByEmail(db, parsed.data.email)) return refused("A user with this email already exists.");
  const id = await insertUser(db, {
    email: parsed.data.email,
    password_hash: await hashPassword(parsed.data.password),
    role: "SUPER_ADMIN",
    first_name_en: parsed.data.firstName,
    first_name_ar: parsed.data.firstNameAr ?? parsed.data.firstName,
    last_name_en: parsed.data.lastName,
    last_name_ar: parsed.data.lastNameAr ?? parsed.data.lastName,
  });
  await audit(db, SYSTEM, {
    action: "user.create_super_admin",
    entityType: "USERS",
    entityId: id,
    details: { via },
  });
  return done({ id });
}

/**
 * A beneficiary's account, made by registering (the form) or by signing in with the national identity: the one way
 * such an account begins, inside the caller's transaction, audited as `auth.register` by the new user.
 */
export async function openBeneficiaryAccount(
  trx: DB,
  account: Omit<Parameters<typeof insertUser>[1], "role">,
  ip: string | null,
  details?: Record<string, unknown>,
): Promise<number> {
  const userId = await insertUser(trx, { ...account, role: "BENEFICIARY" });
  await audit(
    trx,
    { userId, role: "BENEFICIARY", ip },
    { action: "auth.register", entityType: "USERS", entityId: userId, ...(details ? { details } : {}) },
  );
  return userId;
}
