import { data, redirect, type RouterContextProvider, href } from "react-router";
import { redirectWithToast } from "~/platform/toast/toast.server";
import type { Capability } from "./capabilities";
import { areaContext, principalContext } from "./context";
import { inScope, type Principal, type Scoped, type SignedIn } from "./principal";

/** What an error page says instead of its status's generic text: a locale key and its values. */
export interface PageMessage {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * The one 404 body: an id that does not exist and an id outside the principal's scope look the same. A screen
 * whose spec names its own words for it passes them (docs/product.md, Rules and messages).
 */
export const notFound = (message?: PageMessage) =>
  data(message ? { reason: "not-found", message } : { reason: "not-found" }, { status: 404 });

/** The statuses of notFound() and forbidden(), for the plain pages that answer them with HTML of their own. */
export const NOT_FOUND = 404;
export const FORBIDDEN = 403;

/** The one 403 body; `reason` names a refusal the error page words more precisely (a foreign form, a PIN). */
export const forbidden = (reason = "forbidden") => data({ reason }, { status: 403 });

/**
 * THE access check (docs/architecture.md §15). Without the capability: an anonymous user is sent to sign in, a
 * signed-in one gets 403 (or, opening /login or /register, goes to /profile with a warning). With a
 * resource argument: a missing resource, or one outside the principal's scope, answers 404.
 */
export function requirePermission(principal: Principal, capability: Capability): SignedIn;
export function requirePermission<T extends Scoped>(
  principal: Principal,
  capability: Capability,
  resource: T | null | undefined,
): T;
export function requirePermission<T extends Scoped>(
  principal: Principal,
  capability: Capability,
  ...rest: [T | null | undefined] | []
): T | SignedIn {
  if (!principal.capabilities.has(capability)) {
    if (principal.role === null) throw redirect(principal.loginRedirect);
    if (capability === "account:signIn")
      throw redirectWithToast(href("/profile"), { kind: "warning", message: "auth.alreadyLoggedIn" });
    throw forbidden();
  }
  if (rest.length === 0) return principal as SignedIn;
  const resource = rest[0];
  if (!resource || !inScope(principal, resource)) throw notFound();
  return resource;
}

/** The principal of this request (always set; anonymous when no one is signed in). */
export const principalOf = (context: Readonly<RouterContextProvider>) => context.get(principalContext);

/** The area the screen is mounted in (null outside the area layouts). */
export const areaOf = (context: Readonly<RouterContextProvider>) => context.get(areaContext);
