import { href } from "react-router";
import { Form } from "~/components/forms/form-token";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/page-title";
import { Pagination } from "~/components/ui/pagination";
import { getDb } from "~/platform/db/db.server";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "~/modules/notifications/queries.server";
import { notificationIntentSchema } from "~/modules/notifications/schema";
import { listScreenData } from "~/platform/paging";
import { safeRedirectPath } from "~/platform/security/origin.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { formatDate, pick } from "~/utils/format";
import { useTranslation } from "~/platform/i18n/react";
import type { Route } from "./+types/notifications";
import { readIntent } from "~/platform/http/body.server";
import { nowIso } from "~/platform/db/values";
import { useCalendar } from "~/utils/calendar";

export async function loader({ context, url }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "profile:read");
  return listScreenData(url, ({ page, size }) => listNotifications(getDb(), principal.userId!, { page, size }), 20);
}

/** Open one (it is marked read, then its page opens), mark one read, or mark them all read. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "profile:read");
  const intent = await readIntent(request, notificationIntentSchema);
  const db = getDb();
  const at = nowIso();
  const here = `${url.pathname}${url.search}`;
  if (intent.intent === "readAll") {
    await markAllNotificationsRead(db, principal.userId!, at);
    return redirectWithToast(here, { kind: "success", message: "notifications.allRead" });
  }
  const marked = await markNotificationRead(db, principal.userId!, intent.id, at);
  if (!marked) throw notFound(); // another user's notification
  if (intent.intent === "open" && marked.link)
    return redirectWithToast(safeRedirectPath(marked.link, href("/notifications")), {
      kind: "info",
      message: "notifications.marked",
    });
  return redirectWithToast(here, { kind: "success", message: "notifications.marked" });
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar(i18n.language);
  const lng = i18n.language;
  const { rows, total, page, size } = loaderData;
  const anyUnread = rows.some((row) => !row.read_at);
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <PageTitle title={t("notifications.title")} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("notifications.title")}</h1>
        {anyUnread ? (
          <Form method="post">
            <Button type="submit" name="intent" value="readAll" variant="outline">
              {t("notifications.markAllRead")}
            </Button>
          </Form>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <Card data-testid="empty">
          <p className="text-gray-11">{t("notifications.empty")}</p>
        </Card>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="notifications">
          {rows.map((row) => (
            <li key={row.id}>
              <Card className={`flex flex-col gap-2 ${row.read_at ? "" : "border-s-4 border-s-accent-9"}`}>
                <Form method="post" className="flex flex-col gap-1">
                  <input type="hidden" name="id" value={row.id} />
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <button
                      type="submit"
                      name="intent"
                      value="open"
                      className="text-start font-semibold text-accent-11 underline"
                    >
                      {pick(lng, row.title_en, row.title_ar)}
                    </button>
                    <span className="text-xs text-gray-11">
                      {row.read_at ? null : (
                        <strong className="me-2 text-accent-11">{t("notifications.unread")}</strong>
                      )}
                      {formatDate(row.created_at, lng, calendar)}
                    </span>
                  </div>
                  {pick(lng, row.body_en, row.body_ar) ? (
                    <p className="text-sm text-gray-12">{pick(lng, row.body_en, row.body_ar)}</p>
                  ) : null}
                  {row.read_at ? null : (
                    <div>
                      <button type="submit" name="intent" value="read" className="text-sm text-gray-11 underline">
                        {t("notifications.markRead")}
                      </button>
                    </div>
                  )}
                </Form>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} size={size} total={total} />
    </div>
  );
}
