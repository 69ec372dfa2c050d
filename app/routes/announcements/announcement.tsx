import { useDialogUrl } from "~/components/ui/url-dialog";
import { readIntent } from "~/platform/http/body.server";
import { idOf } from "~/platform/db/values";
import { href, Link } from "react-router";
import { Form } from "~/components/forms/form-token";
import { AnnouncementBody } from "~/components/announcements/announcement-body";
import { useArea } from "~/components/layout/area-shell";
import { StatusBadge } from "~/components/requests/status-badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Callout } from "~/components/ui/callout";
import { Card } from "~/components/ui/card";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { PageTitle } from "~/components/ui/page-title";
import { getDb } from "~/platform/db/db.server";
import { linkTo, mustLinkTo } from "~/modules/access";
import { areaOf, principalOf, requirePermission } from "~/modules/access/require.server";
import { findAnnouncement } from "~/modules/announcements/queries.server";
import { announcementActionSchema } from "~/modules/announcements/schema";
import { deleteAnnouncement, setPublished } from "~/modules/announcements/service.server";
import { redirectWithToast, refusalToast } from "~/platform/toast/toast.server";
import { formatDateTime, pick } from "~/utils/format";
import { useTranslation } from "~/platform/i18n/react";
import type { Route } from "./+types/announcement";
import { useCalendar } from "~/utils/calendar";

async function load(context: Route.LoaderArgs["context"], id: string) {
  const principal = requirePermission(principalOf(context), "announcement:publish");
  const announcement = requirePermission(principal, "announcement:publish", await findAnnouncement(getDb(), idOf(id)));
  return { principal, announcement, area: areaOf(context)! };
}

/** An announcement as the public will read it, in both languages, with publish, unpublish and delete. */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const { principal, announcement } = await load(context, params.id);
  return {
    announcement,
    isAuthor: principal.capabilities.has("announcement:write"),
    dialog: url.searchParams.get("dialog"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { principal, announcement, area } = await load(context, params.id);
  const { intent } = await readIntent(request, announcementActionSchema);
  // The super admin may take any announcement down; writing and publishing are the client's clerks'.
  if (intent !== "unpublish") requirePermission(principal, "announcement:write");
  const db = getDb();
  const here = mustLinkTo(area, "announcement", { id: announcement.id });
  if (intent === "delete") {
    const deleted = await deleteAnnouncement(db, announcement, principal);
    if (!deleted.ok) return refusalToast(here, deleted);
    return redirectWithToast(mustLinkTo(area, "announcements"), { kind: "success", message: "announcements.deleted" });
  }
  const set = await setPublished(db, announcement, intent === "publish", principal);
  if (!set.ok) return refusalToast(here, set);
  return redirectWithToast(
    here,
    set.changed
      ? { kind: "success", message: intent === "publish" ? "announcements.published" : "announcements.unpublished" }
      : { kind: "info", message: "announcements.unchanged" },
  );
}

function StatusForm({ intent, label, variant }: { intent: string; label: string; variant?: "outline" | "danger" }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant}>
        {label}
      </Button>
    </Form>
  );
}

export default function AnnouncementPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const dialogUrl = useDialogUrl();
  const calendar = useCalendar(i18n.language);
  const lng = i18n.language;
  const area = useArea();
  const { announcement, isAuthor, dialog } = loaderData;
  const published = announcement.status === "PUBLISHED";
  const edit = isAuthor ? linkTo(area, "announcementEdit", { id: announcement.id }) : null;
  const title = pick(lng, announcement.title_en, announcement.title_ar);
  const publicPath = href("/public-announcements/:slug", { slug: announcement.slug });
  return (
    <div className="flex max-w-5xl flex-col gap-5">
      <PageTitle title={title} />
      <Link to={mustLinkTo(area, "announcements")} className="text-sm text-accent-11 underline">
        {t("announcements.back")}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{title}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={announcement.status} />
          {edit ? (
            <ButtonLink to={edit} variant="outline">
              {t("announcements.edit")}
            </ButtonLink>
          ) : null}
          {published ? (
            <StatusForm intent="unpublish" label={t("announcements.unpublish")} variant="outline" />
          ) : isAuthor ? (
            <StatusForm intent="publish" label={t("announcements.publish")} />
          ) : null}
          {!published && isAuthor ? (
            <ButtonLink to={dialogUrl("delete")} variant="danger" preventScrollReset>
              {t("announcements.delete")}
            </ButtonLink>
          ) : null}
        </div>
      </div>
      {dialog === "delete" && !published && isAuthor ? (
        <ConfirmAction
          intent="delete"
          title={t("announcements.deleteTitle", { title })}
          hint={t("announcements.deleteHint")}
          confirmLabel={t("announcements.delete")}
        />
      ) : null}
      <Card>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
          <dt className="text-gray-11">{t("announcements.organisation")}</dt>
          <dd>{pick(lng, announcement.client_en, announcement.client_ar)}</dd>
          <dt className="text-gray-11">{t("announcements.slug")}</dt>
          <dd>
            <code dir="ltr">{announcement.slug}</code>
          </dd>
          <dt className="text-gray-11">{t("announcements.publicPage")}</dt>
          <dd>
            {published ? (
              <a href={publicPath} dir="ltr" className="break-all text-accent-11 underline" data-testid="public-link">
                {publicPath}
              </a>
            ) : (
              t("announcements.notPublic")
            )}
          </dd>
          {announcement.published_at && published ? (
            <>
              <dt className="text-gray-11">{t("announcements.publishedAt")}</dt>
              <dd>{formatDateTime(announcement.published_at, lng, calendar)}</dd>
            </>
          ) : null}
        </dl>
      </Card>
      {!published ? <Callout tone="info">{t("announcements.previewHint")}</Callout> : null}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2" data-testid="preview">
        {(["ar", "en"] as const).map((language) => (
          <Card key={language} className="flex flex-col gap-2">
            <h2 className="text-lg font-semibold" lang={language} dir={language === "ar" ? "rtl" : "ltr"}>
              {language === "ar" ? announcement.title_ar : announcement.title_en}
            </h2>
            <div className="prose-sm flex flex-col gap-2 [&_a]:text-accent-11 [&_a]:underline">
              <AnnouncementBody
                body={language === "ar" ? announcement.body_ar : announcement.body_en}
                lang={language}
              />
            </div>
          </Card>
        ))}
      </div>
    </div>
  );
}
