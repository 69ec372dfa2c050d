import { useZodForm } from "~/components/forms/zod-form";
import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { BilingualFields } from "~/components/forms/bilingual-fields";
import { idOf } from "~/platform/db/values";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useNavigation } from "react-router";
import { Form } from "~/components/forms/form-token";
import { inputProps } from "~/components/forms/conform";
import { useArea } from "~/components/layout/area-shell";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { PageTitle } from "~/components/ui/page-title";
import { getDb } from "~/platform/db/db.server";
import { mustLinkTo } from "~/modules/access";
import { areaOf, principalOf, requirePermission } from "~/modules/access/require.server";
import { findAnnouncement } from "~/modules/announcements/queries.server";
import { announcementSchema } from "~/modules/announcements/schema";
import { saveAnnouncement } from "~/modules/announcements/service.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { useTranslation } from "~/platform/i18n/react";
import type { Route } from "./+types/announcement-form";
import { readForm } from "~/platform/http/body.server";

/** Only the client's clerks write their client's announcements (docs/architecture.md §6.5). */
async function load(context: Route.LoaderArgs["context"], id: string | undefined) {
  // Only a client's clerk holds announcement:write, so the principal has a client (capabilitiesOf).
  const principal = requirePermission(principalOf(context), "announcement:write");
  const clientId = principal.clientId!;
  const announcement =
    id === undefined
      ? null
      : requirePermission(principal, "announcement:write", await findAnnouncement(getDb(), idOf(id)));
  return { principal, clientId, announcement, area: areaOf(context)! };
}

/** Create (`create`) and edit (`edit/{id}`) an announcement: save as a draft, or publish. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { announcement } = await load(context, params.id);
  return { announcement };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { principal, clientId, announcement, area } = await load(context, params.id);
  const submission = parseWithZod(await readForm(request), { schema: announcementSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const result = await saveAnnouncement(getDb(), announcement, clientId, submission.value, principal);
  if (!result.ok) return replyRefused(result, submission);
  const published = submission.value.intent === "publish" && announcement?.status !== "PUBLISHED";
  return redirectWithToast(mustLinkTo(area, "announcement", { id: result.id }), {
    kind: "success",
    message: published ? "announcements.published" : "announcements.saved",
  });
}

export default function AnnouncementForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const area = useArea();
  const navigation = useNavigation();
  const { announcement } = loaderData;
  const [form, fields] = useZodForm(announcementSchema, {
    lastResult: actionData,
    defaultValue: announcement
      ? {
          title: { english: announcement.title_en, arabic: announcement.title_ar },
          body: { english: announcement.body_en, arabic: announcement.body_ar },
          slug: announcement.slug,
        }
      : {},
  });
  const heading = announcement ? t("announcements.editTitle") : t("announcements.new");
  const back = announcement
    ? mustLinkTo(area, "announcement", { id: announcement.id })
    : mustLinkTo(area, "announcements");
  const busy = navigation.state === "submitting";
  return (
    <div className="flex max-w-4xl flex-col gap-5">
      <PageTitle title={heading} />
      <Link to={back} className="text-sm text-accent-11 underline">
        {t("wizard.back")}
      </Link>
      <h1 className="text-2xl font-bold">{heading}</h1>
      <p className="text-gray-11">{t("announcements.formHint")}</p>
      <Card>
        <Form method="post" {...getFormProps(form)} className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <BilingualFields
            field={fields.title}
            english={t("announcements.titleEnglish")}
            arabic={t("announcements.titleArabic")}
          />
          <BilingualFields
            field={fields.body}
            english={t("announcements.bodyEnglish")}
            arabic={t("announcements.bodyArabic")}
            rows={10}
          />
          <Field
            label={t("announcements.slug")}
            hint={t("announcements.slugHint")}
            dir="ltr"
            className="md:col-span-2"
            {...inputProps(fields.slug, "text")}
          />
          <div className="flex flex-wrap gap-2 md:col-span-2">
            {announcement?.status === "PUBLISHED" ? (
              <Button type="submit" name="intent" value="draft" disabled={busy}>
                {t("announcements.saveChanges")}
              </Button>
            ) : (
              <>
                <Button type="submit" name="intent" value="draft" variant="outline" disabled={busy}>
                  {t("announcements.saveDraft")}
                </Button>
                <Button type="submit" name="intent" value="publish" disabled={busy}>
                  {t("announcements.publish")}
                </Button>
              </>
            )}
          </div>
        </Form>
      </Card>
    </div>
  );
}
