import { inScope, type Scoped, type SignedIn } from "~/modules/access";
import { apiError } from "~/platform/api/errors.server";

/**
 * A resource the caller may reach, or the API's 404 for one that does not exist or lies outside their scope.
 * The operation's capability is checked once, by the dispatcher, from its declaration (docs/architecture.md §18).
 */
export function inCallerScope<T extends Scoped>(principal: SignedIn, resource: T | null | undefined): T {
  if (!resource || !inScope(principal, resource)) throw apiError(404);
  return resource;
}
