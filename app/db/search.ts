import { sql, type ExpressionBuilder } from "kysely";
import type { Database } from "./schema";

/**
 * The staff lists' search by person: the ids of users whose national id (digits), email, or English or
 * Arabic first and last name contains `q`. A subquery for `where(column, "in", ...)`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function usersMatching(eb: ExpressionBuilder<Database, any>, q: string) {
  const like = `%${q.toLowerCase()}%`;
  return eb
    .selectFrom("users as u")
    .select("u.id")
    .where((inner) =>
      inner.or([
        ...(/^\d+$/.test(q) ? [inner("u.nin", "=", q)] : []),
        inner(sql`lower(u.email)`, "like", like),
        inner(sql`lower(u.first_name_en || ' ' || u.last_name_en)`, "like", like),
        inner(sql`u.first_name_ar || ' ' || u.last_name_ar`, "like", `%${q}%`),
      ]),
    );
}
