import { useTranslation } from "~/platform/i18n/react";
import { Email } from "~/components/ui/unbroken";
import { href, Link } from "react-router";
import { Card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/page-title";
import { getDb } from "~/platform/db/db.server";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { findUserById } from "~/modules/users/queries.server";
import { formatDate } from "~/utils/format";
import { NinStatus } from "~/components/people/nin-status";
import { VersionSwitch } from "~/components/layout/version-switch";
import type { Route } from "./+types/profile";
import { useCalendar } from "~/utils/calendar";

export async function loader({ context }: Route.LoaderArgs) {
  const principal = principalOf(context);
  requirePermission(principal, "profile:read");
  const user = await findUserById(getDb(), principal.userId!);
  if (!user) throw notFound();
  const join = (...parts: (string | null)[]) => parts.filter(Boolean).join(" ");
  return {
    nameEn: join(user.first_name_en, user.father_name_en, user.middle_name_en, user.last_name_en),
    nameAr: join(user.first_name_ar, user.father_name_ar, user.middle_name_ar, user.last_name_ar),
    email: user.email,
    phone: user.phone,
    nin: user.nin,
    ninVerifiedAt: user.nin_verified_at,
    ninVerifiedMethod: user.nin_verified_method,
    role: user.role,
    status: user.status,
    id: user.id,
    createdAt: user.created_at,
    client: principal.user?.client ?? null,
  };
}

export default function Profile({ loaderData: profile }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar(i18n.language);
  const rows: [string, React.ReactNode][] = [
    [
      "profile.fullName",
      <bdi key="en" lang="en">
        {profile.nameEn}
      </bdi>,
    ],
    [
      "profile.fullNameArabic",
      <bdi key="ar" lang="ar">
        {profile.nameAr}
      </bdi>,
    ],
    ["profile.email", <Email key="email" address={profile.email} />],
    ["profile.phone", profile.phone ? <bdi key="phone">{profile.phone}</bdi> : t("profile.notProvided")],
    [
      "profile.nin",
      profile.nin ? (
        <span key="nin" className="flex flex-wrap items-baseline gap-x-2">
          <bdi dir="ltr">{profile.nin}</bdi>
          <NinStatus verifiedAt={profile.ninVerifiedAt} method={profile.ninVerifiedMethod} />
        </span>
      ) : (
        t("profile.notProvided")
      ),
    ],
    ["profile.role", t(`roles.${profile.role}`)],
    ["profile.status", t(`status.${profile.status}`)],
    ...(profile.client
      ? ([["profile.client", i18n.language === "en" ? profile.client.nameEn : profile.client.nameAr]] as [
          string,
          string,
        ][])
      : []),
    ["profile.memberSince", formatDate(profile.createdAt, i18n.language, calendar)],
    ["profile.edit.calendar", t(`profile.calendars.${calendar}`)],
  ];
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <PageTitle title={t("profile.title")} />
      <h1 className="text-2xl font-bold">{t("profile.title")}</h1>
      <Card>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm text-gray-11">{t(label)}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <div className="flex flex-wrap gap-4 text-sm">
        <Link to={href("/user/profile/:id/edit", { id: String(profile.id) })} className="text-accent-11 underline">
          {t("profile.editLink")}
        </Link>{" "}
        <Link
          to={`${href("/user/profile/:id/edit", { id: String(profile.id) })}?domain=password`}
          className="text-accent-11 underline"
        >
          {t("profile.passwordLink")}
        </Link>{" "}
        <Link to={href("/profile/two-factor")} className="text-accent-11 underline" data-testid="two-factor-link">
          {t("twoFactor.title")}
        </Link>
      </div>
      <Card>
        <h2 className="mb-2 text-lg font-semibold">{t("version.title")}</h2>
        <p className="mb-3 text-sm text-gray-11">{t("version.profileHint")}</p>
        <VersionSwitch />
      </Card>
    </div>
  );
}
