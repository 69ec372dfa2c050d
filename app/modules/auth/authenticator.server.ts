import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { getDb } from "~/db/db.server";
import type { UserRow } from "~/db/schema";
import { signIn } from "./service.server";

export class InvalidCredentialsError extends Error {}

/** remix-auth verifies the form; the app keeps the session itself (DESIGN section 3). */
export function createAuthenticator(ip: string | null) {
  const authenticator = new Authenticator<UserRow>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const result = await signIn(getDb(), String(form.get("email") ?? ""), String(form.get("password") ?? ""), ip);
      if (!result.ok) throw new InvalidCredentialsError();
      return result.user;
    }),
    "form",
  );
  return authenticator;
}
