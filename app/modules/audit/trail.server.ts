import type { DB } from "~/platform/db/db.server";
import { idOf } from "~/platform/db/values";
import { i18nFor } from "~/platform/i18n/instances.server";
import type { Language } from "~/platform/i18n/languages";
import { tableResponse, type ExportFormat } from "~/platform/exports/table.server";
import { parseUserDate } from "~/utils/digits";
import { searchOf } from "~/platform/paging";
import { AUDITED_OBJECTS } from "./objects";
import { auditTrailForExport, type AuditTrailFilter } from "./queries.server";

/**
 * The trail's filters from the URL, within the reader's scope (`scopedClientId`, the principal's): a client admin reads
 * their client's events only (whatever `client` says); the super admin every client's, or one.
 */
export function auditTrailFilterOf(scopedClientId: number | undefined, url: URL): AuditTrailFilter {
  const get = (name: string) => url.searchParams.get(name)?.trim() || undefined;
  const scoped = scopedClientId;
  const action = get("action");
  const entityType = get("object");
  return {
    q: searchOf(url) || undefined,
    action: action && /^[a-z_]+(\.[a-z_]+)?$/.test(action) ? action : undefined,
    entityType: AUDITED_OBJECTS.find((kind) => kind === entityType),
    entityId: get("objectId") ? idOf(get("objectId")!) || undefined : undefined,
    clientId: scoped ?? (get("client") ? idOf(get("client")!) || undefined : undefined),
    from: get("from") ? (parseUserDate(get("from")!) ?? undefined) : undefined,
    to: get("to") ? (parseUserDate(get("to")!) ?? undefined) : undefined,
  };
}

/** The trail as CSV or Excel: when, who, what (labelled in the reader's language), on what, whose, the request id. */
export function auditTrailExport(db: DB, filter: AuditTrailFilter, lng: Language, format: ExportFormat) {
  const { t } = i18nFor(lng);
  const columns = [
    { header: t("audit.trail.number"), kind: "number" as const },
    { header: t("audit.trail.at"), kind: "date" as const },
    { header: t("audit.trail.person") },
    { header: t("audit.trail.role") },
    { header: t("audit.trail.action") },
    { header: t("audit.trail.object") },
    { header: t("audit.trail.client") },
    { header: t("audit.trail.ip") },
    { header: t("audit.trail.requestId") },
    { header: t("audit.trail.details") },
  ];
  async function* rows() {
    for await (const row of auditTrailForExport(db, filter))
      yield [
        row.id,
        row.at,
        row.actor_email,
        row.actor_role ? t(`roles.${row.actor_role}`) : null,
        t([`audit.actions.${row.action}`, "audit.actions.other"]),
        row.entity_type ? `${t(`audit.objects.${row.entity_type}`)} ${row.entity_id ?? ""}`.trim() : null,
        row.client_en ? (lng === "ar" ? row.client_ar : row.client_en) : null,
        row.ip,
        row.request_id,
        row.details === "{}" ? null : row.details,
      ];
  }
  return tableResponse(format, "audit", lng, columns, rows());
}
