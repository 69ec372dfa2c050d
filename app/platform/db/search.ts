import { containsText } from "./dialect";
import { sql, type ExpressionBuilder } from "kysely";
import type { Database } from "./schema";

/**
 * The staff lists' search by person: the ids of users whose national id (digits), email, or English or
 * Arabic first and last name contains `q`. A subquery for `where(column, "in", ...)`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function usersMatching(eb: ExpressionBuilder<Database, any>, q: string) {
  return eb
    .selectFrom("users as u")
    .select("u.id")
    .where((inner) =>
      inner.or([
        ...(/^\d+$/.test(q) ? [inner("u.nin", "=", q)] : []),
        containsText(inner, "u.email", q),
        containsText(inner, sql`u.first_name_en || ' ' || u.last_name_en`, q),
        containsText(inner, sql`u.first_name_ar || ' ' || u.last_name_ar`, q),
      ]),
    );
}
