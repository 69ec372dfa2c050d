import type { RouterContextProvider } from "react-router";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { limitAuthRequests } from "~/modules/auth/sign-in-limits.server";
import { clientIpContext } from "~/platform/http/context";

/** A post of a signed-out form (register, forgot or reset a password): only signed out, and rate-limited per address. */
export async function guestPost(context: Readonly<RouterContextProvider>) {
  requirePermission(principalOf(context), "account:signIn");
  const ip = context.get(clientIpContext);
  await limitAuthRequests(ip);
  return ip;
}
