import { idOf } from "~/platform/db/values";
import { scopeFilter, type Principal } from "~/modules/access";
import { searchOf } from "~/platform/paging";
import { attestationStatusFilterSchema } from "./schema";

/** Which attestations a staff list shows, for its page and its download: the scope, and a client filter across clients. */
export function attestationListFilterOf(principal: Principal, url: URL) {
  const clientId = principal.scope.kind === "all" ? idOf(url.searchParams.get("client")) || undefined : undefined;
  const status = attestationStatusFilterSchema.parse(url.searchParams.get("status") || undefined);
  return { clientId, ...scopeFilter(principal), status, q: searchOf(url) };
}
