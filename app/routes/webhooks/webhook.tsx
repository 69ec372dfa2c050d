import { useDialogUrl } from "~/components/ui/url-dialog";
import { data, href, redirect } from "react-router";
import { Form } from "~/components/forms/form-token";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { DetailList } from "~/components/ui/detail-list";
import { Pagination } from "~/components/ui/pagination";
import { ScreenHeader } from "~/components/ui/screen-header";
import { getDb } from "~/platform/db/db.server";
import { PRIVATE_ADDRESS_ERROR } from "~/modules/webhooks/addresses";
import { deliveriesOf } from "~/modules/webhooks/queries.server";
import { endpointIntentSchema } from "~/modules/webhooks/schema";
import {
  removeEndpoint,
  rotateSecret,
  secretToShow,
  sendAgain,
  showSecretOnceHeader,
  switchEndpoint,
} from "~/modules/webhooks/service.server";
import { readIntent } from "~/platform/http/body.server";
import { listScreenData } from "~/platform/paging";
import { redirectWithToast, toastHeader } from "~/platform/toast/toast.server";
import { useCalendar } from "~/utils/calendar";
import { formatDateTime } from "~/utils/format";
import { useTranslation } from "~/platform/i18n/react";
import type { Route } from "./+types/webhook";
import { endpointOf } from "./endpoint.server";

/** One endpoint: its secret (shown once), its switches, and its delivery log with "Send again" (docs/decisions/0019). */
export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const { endpoint } = await endpointOf(context, params.id);
  const shown = secretToShow(request, endpoint.id);
  return data(
    {
      endpoint: {
        id: endpoint.id,
        url: endpoint.url,
        status: endpoint.status,
        failingSince: endpoint.failing_since,
        createdAt: endpoint.created_at,
        events: JSON.parse(endpoint.events) as string[],
      },
      secret: shown?.secret ?? null,
      deliveries: await listScreenData(url, (paging) => deliveriesOf(getDb(), endpoint.id, paging), 20),
      dialog: url.searchParams.get("dialog"),
    },
    shown ? { headers: { "Set-Cookie": shown.clear } } : undefined,
  );
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const { principal, endpoint } = await endpointOf(context, params.id);
  const { intent, deliveryId } = await readIntent(request, endpointIntentSchema);
  const db = getDb();
  const here = href("/client-admin/webhooks/:id", { id: String(endpoint.id) });
  switch (intent) {
    case "rotate": {
      const secret = await rotateSecret(db, endpoint, principal);
      const headers = new Headers();
      headers.append("Set-Cookie", showSecretOnceHeader(endpoint.id, secret));
      headers.append("Set-Cookie", toastHeader({ kind: "success", message: "webhooks.rotated" }));
      return redirect(here, { headers });
    }
    case "disable":
    case "enable":
      await switchEndpoint(db, endpoint, intent === "enable", principal);
      return redirectWithToast(here, { kind: "success", message: `webhooks.${intent}d` });
    case "delete":
      await removeEndpoint(db, endpoint, principal);
      return redirectWithToast(href("/client-admin/webhooks"), { kind: "success", message: "webhooks.deleted" });
    case "resend": {
      const again = deliveryId === undefined ? null : await sendAgain(db, endpoint, deliveryId, principal);
      // Back to the page of the log the button was on.
      const posted = url.searchParams;
      const kept = new URLSearchParams();
      for (const name of ["page", "size"])
        if (/^\d{1,7}$/.test(posted.get(name) ?? "")) kept.set(name, posted.get(name)!);
      return redirectWithToast(
        kept.size ? `${here}?${kept}` : here,
        again?.ok ? { kind: "success", message: "webhooks.resent" } : { kind: "error", message: "errors.notFound" },
      );
    }
  }
}

export default function Webhook({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const dialogUrl = useDialogUrl();
  const calendar = useCalendar(i18n.language);
  const { endpoint, secret, deliveries: log, dialog } = loaderData;
  const deliveries = log.rows;
  const when = (value: string | null) => (value ? formatDateTime(value, i18n.language, calendar) : "—");
  const on = endpoint.status === "ACTIVE";
  return (
    <div className="flex max-w-4xl flex-col gap-5">
      <ScreenHeader
        title={t("webhooks.endpointTitle")}
        heading={
          <bdi dir="ltr" className="break-all">
            {endpoint.url}
          </bdi>
        }
        back={{ href: href("/client-admin/webhooks"), label: t("webhooks.title") }}
      />
      {secret ? (
        <Card>
          <h2 className="mb-2 text-lg font-semibold">{t("webhooks.secretTitle")}</h2>
          <p className="mb-2 text-sm">{t("webhooks.secretOnce")}</p>
          <code
            dir="ltr"
            className="block break-all rounded-md bg-gray-3 p-2 font-mono text-sm"
            data-testid="webhook-secret"
          >
            {secret}
          </code>
        </Card>
      ) : null}
      <Card>
        <DetailList
          rows={[
            [
              t("webhooks.state"),
              <Badge variant={on ? "success" : "destructive"}>{t(`webhooks.status.${endpoint.status}`)}</Badge>,
              "webhook-status",
            ],
            [
              t("webhooks.eventsLegend"),
              endpoint.events.map((event) => t(`webhooks.events.${event}`)).join(i18n.language === "ar" ? "، " : ", "),
            ],
            [t("webhooks.failingSince"), when(endpoint.failingSince)],
            [t("webhooks.createdAt"), when(endpoint.createdAt)],
          ]}
        />
        <div className="mt-4 flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value={on ? "disable" : "enable"} />
            <Button type="submit" variant="outline">
              {t(on ? "webhooks.disable" : "webhooks.enable")}
            </Button>
          </Form>
          <ButtonLink to={dialogUrl("rotate")} variant="outline" preventScrollReset>
            {t("webhooks.rotate")}
          </ButtonLink>
          <ButtonLink to={dialogUrl("delete")} variant="danger" preventScrollReset>
            {t("webhooks.delete")}
          </ButtonLink>
        </div>
      </Card>
      {dialog === "rotate" ? (
        <ConfirmAction
          intent="rotate"
          title={t("webhooks.rotate")}
          hint={t("webhooks.rotateHint")}
          confirmLabel={t("webhooks.rotate")}
          tone="solid"
        />
      ) : null}
      {dialog === "delete" ? (
        <ConfirmAction
          intent="delete"
          title={t("webhooks.delete")}
          hint={t("webhooks.deleteHint")}
          confirmLabel={t("webhooks.delete")}
        />
      ) : null}
      <Card>
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-semibold">{t("webhooks.log")}</h2>
          {log.total > 0 ? (
            <span className="text-sm text-gray-11" data-testid="webhook-delivery-total">
              {t("webhooks.deliveryTotal", { count: log.total })}
            </span>
          ) : null}
        </div>
        {deliveries.length === 0 ? (
          <p>{t("webhooks.noDeliveries")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-gray-6" data-testid="webhook-deliveries">
            {deliveries.map((delivery) => (
              <li key={delivery.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
                <span className="font-medium">{t(`webhooks.events.${delivery.event_type}`)}</span>
                <Badge variant={delivery.status === "DELIVERED" ? "success" : "warning"}>
                  {t(`webhooks.delivery.${delivery.status}`)}
                </Badge>
                <span>
                  {t("webhooks.lastAnswer")}:{" "}
                  {delivery.last_error === PRIVATE_ADDRESS_ERROR ? (
                    t("webhooks.privateAddressRefused")
                  ) : (
                    <bdi dir="ltr">{delivery.last_status ?? delivery.last_error ?? "—"}</bdi>
                  )}
                  {delivery.last_duration_ms !== null
                    ? ` · ${t("webhooks.ms", { count: delivery.last_duration_ms })}`
                    : ""}
                </span>
                <span>{t("webhooks.attempts", { count: delivery.attempts })}</span>
                {delivery.status === "PENDING" ? (
                  <span>
                    {t("webhooks.nextAttempt")}: {when(delivery.next_attempt_at)}
                  </span>
                ) : null}
                <Form method="post" className="ms-auto">
                  <input type="hidden" name="intent" value="resend" />
                  <input type="hidden" name="deliveryId" value={delivery.id} />
                  <Button type="submit" variant="ghost">
                    {t("webhooks.resend")}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3">
          <Pagination page={log.page} size={log.size} total={log.total} />
        </div>
      </Card>
    </div>
  );
}
