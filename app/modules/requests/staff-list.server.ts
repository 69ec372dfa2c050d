import type { DB } from "~/platform/db/db.server";
import { idOf } from "~/platform/db/values";
import { scopeFilter, type Principal } from "~/modules/access";
import { requirePermission } from "~/modules/access/require.server";
import { categoriesOfClient, findClient } from "~/modules/catalogue/queries.server";
import { findUserById } from "~/modules/users/queries.server";
import { statusFilterSchema } from "./schema";
import { dateRangeOf, searchOf } from "~/platform/paging";
import { findCategoryInScope, type RequestListFilter } from "./staff-queries.server";

export interface ListParams {
  categoryId?: string;
  clientId?: string;
  beneficiaryId?: string;
}

/**
 * Which requests a staff list shows, for its page and its download alike: those of a category
 * (`:categoryId`), of a client (`:clientId`) or of a beneficiary (`:beneficiaryId`), always within the
 * user's scope; without any of them, the work queue: every request in scope, pending and oldest first,
 * filterable by category. A category, client or beneficiary outside the scope is not found.
 */
export async function staffRequestListOf(db: DB, principal: Principal, params: ListParams, url: URL) {
  let heading: { key: string; en: string; ar: string };
  const filter: Omit<RequestListFilter, "page" | "size" | "order"> = { ...scopeFilter(principal) };

  if (params.categoryId !== undefined) {
    const category = requirePermission(
      principal,
      "request:read",
      await findCategoryInScope(db, idOf(params.categoryId)),
    );
    filter.categoryId = category.id;
    heading = { key: "staff.categoryRequests", en: category.name_en, ar: category.name_ar };
  } else if (params.clientId !== undefined) {
    const found = await findClient(db, idOf(params.clientId));
    const client = requirePermission(principal, "request:read", found && { ...found, client_id: found.id });
    filter.clientId = client.id;
    heading = { key: "staff.clientRequests", en: client.name_en, ar: client.name_ar };
  } else if (params.beneficiaryId === undefined) {
    heading = { key: "staff.workQueue", en: "", ar: "" };
  } else {
    const found = await findUserById(db, idOf(params.beneficiaryId));
    const beneficiary = requirePermission(
      principal,
      "beneficiary:manage",
      found?.role === "BENEFICIARY" ? { ...found, beneficiary_id: found.id } : null,
    );
    filter.beneficiaryId = beneficiary.id;
    heading = {
      key: "staff.beneficiaryRequests",
      en: `${beneficiary.first_name_en} ${beneficiary.last_name_en}`,
      ar: `${beneficiary.first_name_ar} ${beneficiary.last_name_ar}`,
    };
  }

  const range = dateRangeOf(url);
  filter.status = statusFilterSchema.parse(url.searchParams.get("status") || undefined);
  filter.from = range.fromIso;
  filter.to = range.toIso;
  filter.q = searchOf(url);
  const isQueue = heading.key === "staff.workQueue";
  // The queue filters by category among the client's own (staff of one client only).
  const categories = isQueue && principal.clientId ? await categoriesOfClient(db, principal.clientId) : null;
  const category = idOf(url.searchParams.get("category"));
  if (categories?.some((candidate) => candidate.id === category)) filter.categoryId = category;
  const order = isQueue && url.searchParams.get("order") !== "newest" ? ("queue" as const) : ("newest" as const);
  return { heading, filter, isQueue, categories, order, range };
}
