import { href } from "react-router";
import { VerifyShell } from "~/components/verify/verify-shell";
import { formatDate } from "~/utils/format";
import { useTranslation } from "~/platform/i18n/react";
import { AnnouncementBody } from "./announcement-body";
import { useCalendar } from "~/utils/calendar";

interface Published {
  slug: string;
  title: string;
  body: string;
  organisation: string;
  clientId: number;
  publishedAt: string;
}

/** An organisation's feed in the page's language (each language is a feed of its own, with its own id). */
function feedOf(
  clientId: number,
  organisation: string,
  lng: string,
  t: (key: string, values?: Record<string, string>) => string,
) {
  return {
    href: `${href("/organisations/:clientId/announcements.atom", { clientId: String(clientId) })}?lng=${lng}`,
    title: t("announcements.feedOf", { organisation }),
  };
}

/** The other language's version of this address (the `lng` parameter wins over the cookie). */
function OtherLanguage({ path }: { path: string }) {
  const { t, i18n } = useTranslation();
  const other = i18n.language === "ar" ? "en" : "ar";
  return (
    <p>
      <a href={`${path}?lng=${other}`} hrefLang={other} lang={other} data-testid="other-language">
        {t(`language.${other}`)}
      </a>
    </p>
  );
}

/** `/public-announcements/{slug}`: one announcement, no script, a few kilobytes (docs/architecture.md §6.5). */
export function AnnouncementPublicPage({ announcement, path }: { announcement: Published; path: string }) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar(i18n.language);
  const description = announcement.body.replace(/\s+/g, " ").trim().slice(0, 180);
  return (
    <VerifyShell
      title={announcement.title}
      path={path}
      description={description}
      indexable
      feed={feedOf(announcement.clientId, announcement.organisation, i18n.language, t)}
    >
      <article>
        <h1>{announcement.title}</h1>
        <p className="v-hint">
          <a href={href("/organisations/:clientId/announcements", { clientId: String(announcement.clientId) })}>
            {announcement.organisation}
          </a>{" "}
          ·{" "}
          <time dateTime={announcement.publishedAt}>
            {t("announcements.publishedOn", { date: formatDate(announcement.publishedAt, i18n.language, calendar) })}
          </time>
        </p>
        <div className="v-card v-body">
          <AnnouncementBody body={announcement.body} lang={i18n.language === "en" ? "en" : "ar"} />
        </div>
      </article>
      <OtherLanguage path={path} />
    </VerifyShell>
  );
}

/** `/organisations/{id}/announcements`: an organisation's published announcements, newest first, with its feed. */
export function OrganisationAnnouncementsPage({
  organisation,
  clientId,
  items,
  path,
}: {
  organisation: string;
  clientId: number;
  items: Published[];
  path: string;
}) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar(i18n.language);
  const title = t("announcements.organisationTitle", { organisation });
  return (
    <VerifyShell
      title={title}
      path={path}
      description={title}
      indexable
      feed={feedOf(clientId, organisation, i18n.language, t)}
    >
      <h1>{title}</h1>
      <p>
        <a
          href={feedOf(clientId, organisation, i18n.language, t).href}
          type="application/atom+xml"
          data-testid="feed-link"
        >
          {t("announcements.feed")}
        </a>
      </p>
      {items.length === 0 ? (
        <p className="v-msg v-note">{t("announcements.nonePublished")}</p>
      ) : (
        <ul className="v-list" data-testid="public-announcements">
          {items.map((item) => (
            <li key={item.slug} className="v-card">
              <a href={href("/public-announcements/:slug", { slug: item.slug })}>
                <strong>{item.title}</strong>
              </a>
              <div className="v-hint">
                {t("announcements.publishedOn", { date: formatDate(item.publishedAt, i18n.language, calendar) })}
              </div>
            </li>
          ))}
        </ul>
      )}
      <OtherLanguage path={path} />
    </VerifyShell>
  );
}

export function AnnouncementNotFoundPage({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <VerifyShell title={t("errors.notFound")} path={path}>
      <h1>{t("errors.notFound")}</h1>
      <p className="v-msg v-bad" role="alert" data-status={404}>
        {t("announcements.notFound")}
      </p>
    </VerifyShell>
  );
}
