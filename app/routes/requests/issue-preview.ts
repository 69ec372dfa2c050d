import { OPTIONAL_EXAMPLE } from "~/modules/templates/placeholders";
import { refusalText } from "~/platform/forms/reply.server";
import { unprocessable } from "~/platform/outcome";
import { getDb } from "~/platform/db/db.server";
import { idOf } from "~/platform/db/values";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { fileResponse } from "~/modules/files/response.server";
import { endOfDay } from "~/modules/issuing/service.server";
import { defaultExpiryDate } from "~/modules/issuing/schema";
import { findRequestForStaff } from "~/modules/requests/staff-queries.server";
import { findTemplate } from "~/modules/templates/queries.server";
import { draftDocument } from "~/modules/templates/draft.server";
import { subjectOf, templateGaps } from "~/modules/templates/render.server";
import { getLocale } from "~/middleware/i18next.server";
import { notFound } from "~/modules/access/require.server";
import { i18nFor } from "~/platform/i18n/instances.server";
import { parseUserDate } from "~/utils/digits";
import type { Route } from "./+types/issue-preview";

/**
 * The draft of a request's document from its category's template (docs/architecture.md §21): what issuing will make,
 * watermarked DRAFT in both languages, with no code that verifies. For the staff who may issue it.
 */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "request:issue");
  const db = getDb();
  const found = requirePermission(principal, "request:issue", await findRequestForStaff(db, idOf(params.id)));
  const template = await findTemplate(db, found.document_category_id);
  if (!template) throw notFound();
  const asked = url.searchParams.get("expirationDate");
  const expiry = endOfDay((asked && parseUserDate(asked)) || defaultExpiryDate(found.validity_period_days));
  const subject = await subjectOf(db, found);
  const gaps = templateGaps(template, subject);
  // A draft with a hole in it is no preview of a document: the placeholders that would print empty are named.
  if (gaps.length) {
    const values = { names: gaps.join(", "), example: OPTIONAL_EXAMPLE };
    return refusalText(
      unprocessable("templates.emptyPlaceholders"),
      i18nFor(getLocale(context)).t("templates.emptyPlaceholders", values),
    );
  }
  const bytes = await draftDocument(db, principal, template, subject, expiry);
  return fileResponse(bytes, { name: `draft-${found.id}.pdf`, mimeType: "application/pdf", inline: true });
}
