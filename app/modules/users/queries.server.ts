import type { DB } from "~/db/db.server";
import type { NewUser, Role } from "~/db/schema";

export function findUserByEmail(db: DB, email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
}

export function findUserById(db: DB, id: number) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertUser(db: DB, user: NewUser): Promise<number> {
  const row = await db
    .insertInto("users")
    .values({ ...user, email: user.email.trim().toLowerCase() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The client a clerk or client admin works for, with the flags the UI needs. */
export async function findStaffClient(db: DB, userId: number, role: Role) {
  if (role === "CLERK") {
    return db
      .selectFrom("clerks")
      .innerJoin("clients", "clients.id", "clerks.client_id")
      .select(["clients.id", "clients.name_en", "clients.name_ar", "clients.can_do_sincera", "clients.can_do_attestation"])
      .where("clerks.user_id", "=", userId)
      .executeTakeFirst();
  }
  if (role === "CLIENT_ADMIN") {
    return db
      .selectFrom("client_admins")
      .innerJoin("clients", "clients.id", "client_admins.client_id")
      .select(["clients.id", "clients.name_en", "clients.name_ar", "clients.can_do_sincera", "clients.can_do_attestation"])
      .where("client_admins.user_id", "=", userId)
      .executeTakeFirst();
  }
  return undefined;
}
