import { getCollectionProps, getFormProps } from "@conform-to/react";
import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { href, Link, redirect } from "react-router";
import { useZodForm } from "~/components/forms/zod-form";
import { inputProps } from "~/components/forms/conform";
import { Form } from "~/components/forms/form-token";
import { FormErrors } from "~/components/forms/form-errors";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { ScreenHeader } from "~/components/ui/screen-header";
import { getDb } from "~/platform/db/db.server";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { WEBHOOK_EVENTS } from "~/platform/webhooks/events";
import { endpointsOfClient } from "~/modules/webhooks/queries.server";
import { endpointSchema } from "~/modules/webhooks/schema";
import { createEndpoint, endpointRules, showSecretOnceHeader } from "~/modules/webhooks/service.server";
import { readForm } from "~/platform/http/body.server";
import { toastHeader } from "~/platform/toast/toast.server";
import { useTranslation } from "~/platform/i18n/react";
import type { Route } from "./+types/webhooks";

/** The organisation's webhook endpoints, and a form to add one (docs/decisions/0019). */
export async function loader({ context }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "webhook:manage");
  const endpoints = await endpointsOfClient(getDb(), principal.clientId ?? -1);
  return {
    endpoints: endpoints.map((endpoint) => ({
      ...endpoint,
      events: JSON.parse(endpoint.events) as string[],
      pending: Number(endpoint.pending),
    })),
    rules: endpointRules(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "webhook:manage");
  const submission = parseWithZod(await readForm(request), { schema: endpointSchema(endpointRules()) });
  if (submission.status !== "success") return replyInvalid(submission);
  if (principal.clientId === null) {
    return replyInvalid(submission, { formErrors: ["webhooks.noOrganisation"] });
  }
  const made = await createEndpoint(getDb(), principal.clientId, submission.value, principal);
  if (!made.ok) return replyRefused(made, submission, { field: "url" });
  const headers = new Headers();
  headers.append("Set-Cookie", showSecretOnceHeader(made.id, made.secret));
  headers.append("Set-Cookie", toastHeader({ kind: "success", message: "webhooks.created" }));
  return redirect(href("/client-admin/webhooks/:id", { id: String(made.id) }), { headers });
}

export default function Webhooks({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { endpoints, rules } = loaderData;
  const [form, fields] = useZodForm(endpointSchema(rules), { lastResult: actionData });
  const choices = getCollectionProps(fields.events, { type: "checkbox", options: [...WEBHOOK_EVENTS] });
  return (
    <div className="flex max-w-4xl flex-col gap-5">
      <ScreenHeader
        title={t("webhooks.title")}
        back={{ href: href("/client-admin/dashboard"), label: t("nav.dashboard") }}
      />
      <p className="text-gray-11">{t("webhooks.intro")}</p>
      {endpoints.length === 0 ? (
        <Card>
          <p data-testid="webhooks-empty">{t("webhooks.none")}</p>
        </Card>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="webhook-endpoints">
          {endpoints.map((endpoint) => (
            <li key={endpoint.id}>
              <Card>
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={href("/client-admin/webhooks/:id", { id: String(endpoint.id) })}
                    className="min-w-0 break-all font-medium text-accent-11 underline"
                  >
                    <bdi dir="ltr">{endpoint.url}</bdi>
                  </Link>
                  <Badge variant={endpoint.status === "ACTIVE" ? "success" : "destructive"}>
                    {t(`webhooks.status.${endpoint.status}`)}
                  </Badge>
                </div>
                <p className="mt-1 text-sm text-gray-11">
                  {endpoint.events
                    .map((event) => t(`webhooks.events.${event}`))
                    .join(i18n.language === "ar" ? "، " : ", ")}{" "}
                  · {t("webhooks.pending", { count: endpoint.pending })}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Card>
        <h2 className="mb-3 text-lg font-semibold">{t("webhooks.add")}</h2>
        <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
          <FormErrors errors={form.errors} id={form.errorId} />
          <Field
            label={t("webhooks.url")}
            hint={t(
              !rules.production
                ? "webhooks.urlHintLoopback"
                : rules.privateNetworks
                  ? "webhooks.urlHint"
                  : "webhooks.urlHintPublic",
            )}
            dir="ltr"
            {...inputProps(fields.url, "url")}
          />
          <fieldset className="flex flex-col gap-2" aria-describedby={fields.events.errorId}>
            <legend className="mb-1 font-medium">{t("webhooks.eventsLegend")}</legend>
            {choices.map(({ key, ...props }) => (
              <label key={key} className="flex items-center gap-2">
                <input {...props} />
                {t(`webhooks.events.${props.value}`)}
              </label>
            ))}
            <FormErrors errors={fields.events.errors} id={fields.events.errorId} />
          </fieldset>
          <Button type="submit" className="self-start">
            {t("webhooks.addSubmit")}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
