import { ItemsCard } from "~/components/ui/link-list-card";
import { useDialogUrl } from "~/components/ui/url-dialog";
import { useTranslation } from "~/platform/i18n/react";
import { Email } from "~/components/ui/unbroken";
import { Link } from "react-router";
import { useArea } from "~/components/layout/area-shell";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { CLIENT_ADMIN_PERMISSIONS, linkTo, mustLinkTo } from "~/modules/access";
import { PERSON_KINDS } from "~/modules/people/kinds";
import type { ManagedRole } from "~/modules/people/schema";
import { formatDate, formatFileSize, personName, pick } from "~/utils/format";
import type { EditedPerson } from "./person-form";
import { permissionLabel } from "./person-fields";
import { ScreenHeader } from "~/components/ui/screen-header";
import { LinkOrText } from "~/components/ui/link-or-text";
import { useCalendar } from "~/utils/calendar";

export interface ShownPerson extends EditedPerson {
  status: string;
  created_at: string;
  client_id: number | null;
  client_en: string | null;
  client_ar: string | null;
  primary_admin_id: number | null;
  last_sign_in_at: string | null;
  open_sessions: number | null;
  requests_handled: number | null;
}

interface Action {
  id: number;
  at: string;
  action: string;
  entity_type: string | null;
  entity_id: number | null;
}

/** Each access action of the detail page: its dialog, confirmation texts and button tone. */
const ACCESS_ACTIONS = [
  { intent: "invite", label: "admin.sendInvitation", title: "admin.confirmInvitation", hint: "admin.invitationHint" },
  { intent: "resetLink", label: "admin.sendResetLink", title: "admin.confirmResetLink", hint: "admin.resetLinkHint" },
  { intent: "signOut", label: "admin.signOutEverywhere", title: "admin.confirmSignOut", hint: "admin.signOutHint" },
] as const;

/**
 * A service admin, client admin or clerk: their details, their organisation, edit, deactivate or
 * reactivate, mail a set-password or reset link, sign them out everywhere. A clerk's page also shows
 * their work (requests acted on, latest actions) and access (last sign-in, open sessions).
 */
interface RequestRow {
  id: number;
  status: string;
  created_at: string;
  category_en: string;
  category_ar: string;
  client_en: string;
  client_ar: string;
}

interface AttestationRow {
  id: number;
  document_name: string;
  status: string;
  created_at: string;
  client_en: string;
  client_ar: string;
}

/** A person's latest requests, attestations or actions: one line each. */
const LATEST_LIST = "flex flex-col gap-1 text-sm";
const LATEST_ITEM = "flex flex-wrap gap-2";

export function PersonDetail({
  role,
  person,
  dialog,
  latestActions = [],
  latestRequests = [],
  latestAttestations = [],
  storage = null,
}: {
  role: ManagedRole;
  person: ShownPerson;
  dialog: string | null;
  latestActions?: Action[];
  latestRequests?: RequestRow[];
  latestAttestations?: AttestationRow[];
  storage?: { used: number; quota: number } | null;
}) {
  const { t, i18n } = useTranslation();
  const dialogUrl = useDialogUrl();
  const calendar = useCalendar(i18n.language);
  const area = useArea();
  const lng = i18n.language;
  const kind = PERSON_KINDS[role];
  const name = personName(lng, person);
  const active = person.status === "ACTIVE";
  const clientHref = person.client_id ? linkTo(area, "client", { id: person.client_id }) : null;
  const granted = person.permissions.length > 0 ? person.permissions : CLIENT_ADMIN_PERMISSIONS;
  return (
    <div className="flex max-w-4xl flex-col gap-5">
      <ScreenHeader
        title={name}
        heading={
          <>
            {name} <Badge variant={active ? "success" : "secondary"}>{t(`status.${person.status}`)}</Badge>
          </>
        }
        back={{ href: mustLinkTo(area, kind.screens.list), label: t(kind.labels.list) }}
      >
        <ButtonLink to={mustLinkTo(area, kind.screens.edit, { id: person.id })} variant="outline">
          {t("catalogue.edit")}
        </ButtonLink>
        {active
          ? ACCESS_ACTIONS.map((action) => (
              <ButtonLink key={action.intent} to={dialogUrl(action.intent)} variant="outline" preventScrollReset>
                {t(action.label)}
              </ButtonLink>
            ))
          : null}
        <ButtonLink to={dialogUrl("status")} variant={active ? "danger" : "solid"} preventScrollReset>
          {t(active ? "admin.deactivate" : "admin.reactivate")}
        </ButtonLink>
      </ScreenHeader>
      {ACCESS_ACTIONS.filter((action) => active && dialog === action.intent).map((action) => (
        <ConfirmAction
          key={action.intent}
          intent={action.intent}
          title={t(action.title, { name })}
          hint={t(action.hint)}
          confirmLabel={t(action.label)}
          tone="solid"
        />
      ))}
      {dialog === "status" ? (
        <ConfirmAction
          intent={active ? "deactivate" : "reactivate"}
          title={t(active ? "admin.confirmDeactivate" : "admin.confirmReactivate", { name })}
          hint={t(active ? "admin.deactivateHint" : "admin.reactivateHint")}
          confirmLabel={t(active ? "admin.deactivate" : "admin.reactivate")}
          tone={active ? "danger" : "solid"}
        />
      ) : null}
      <Card>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[12rem_1fr]">
          <dt className="text-sm text-gray-11">{t("profile.fullName")}</dt>
          <dd lang="en" dir="ltr" className="text-start">
            {person.first_name_en} {person.last_name_en}
          </dd>
          <dt className="text-sm text-gray-11">{t("profile.fullNameArabic")}</dt>
          <dd lang="ar" dir="rtl" className="text-start">
            {person.first_name_ar} {person.last_name_ar}
          </dd>
          <dt className="text-sm text-gray-11">{t("profile.email")}</dt>
          <dd>
            <Email address={person.email} />
          </dd>
          <dt className="text-sm text-gray-11">{t("profile.phone")}</dt>
          <dd>
            <bdi dir="ltr">{person.phone || t("profile.notProvided")}</bdi>
          </dd>
          <dt className="text-sm text-gray-11">{t("profile.nin")}</dt>
          <dd>
            <bdi dir="ltr">{person.nin || t("profile.notProvided")}</bdi>
          </dd>
          <dt className="text-sm text-gray-11">{t("profile.memberSince")}</dt>
          <dd>{formatDate(person.created_at, lng, calendar)}</dd>
          {storage ? (
            <>
              <dt className="text-sm text-gray-11">{t("admin.storedFiles")}</dt>
              <dd data-testid="stored-files">
                {t("admin.storedOfQuota", {
                  used: formatFileSize(storage.used, lng),
                  quota: formatFileSize(storage.quota, lng),
                })}
              </dd>
            </>
          ) : null}
          {role === "CLERK" ? (
            <>
              <dt className="text-sm text-gray-11">{t("admin.jobTitle")}</dt>
              <dd>{person.job_title || t("profile.notProvided")}</dd>
              <dt className="text-sm text-gray-11">{t("profile.client")}</dt>
              <dd data-testid="person-client">{pick(lng, person.client_en ?? "", person.client_ar ?? "")}</dd>
              <dt className="text-sm text-gray-11">{t("admin.requestsHandledLabel")}</dt>
              <dd>{Number(person.requests_handled ?? 0)}</dd>
              <dt className="text-sm text-gray-11">{t("admin.lastSignInLabel")}</dt>
              <dd>
                {person.last_sign_in_at ? formatDate(person.last_sign_in_at, lng, calendar) : t("admin.neverSignedIn")}
              </dd>
              <dt className="text-sm text-gray-11">{t("admin.openSessionsLabel")}</dt>
              <dd data-testid="open-sessions">{Number(person.open_sessions ?? 0)}</dd>
            </>
          ) : null}
          {role === "CLIENT_ADMIN" ? (
            <>
              <dt className="text-sm text-gray-11">{t("admin.jobTitle")}</dt>
              <dd>{person.job_title}</dd>
              <dt className="text-sm text-gray-11">{t("profile.client")}</dt>
              <dd data-testid="person-client">
                {person.client_id ? (
                  <LinkOrText to={clientHref}>{pick(lng, person.client_en ?? "", person.client_ar ?? "")}</LinkOrText>
                ) : (
                  t("admin.noClientYet")
                )}
                {person.client_id && person.primary_admin_id === person.id ? (
                  <span className="ms-2 text-sm text-gray-11">({t("admin.primaryAdmin")})</span>
                ) : null}
              </dd>
              <dt className="text-sm text-gray-11">{t("admin.canDoAttestation")}</dt>
              <dd>{t(person.can_do_attestation === 1 ? "requests.yes" : "requests.no")}</dd>
              <dt className="text-sm text-gray-11">{t("admin.permissions")}</dt>
              <dd>
                <ul className="list-disc ps-5" data-testid="permissions">
                  {granted.map((permission) => (
                    <li key={permission}>{t(permissionLabel(permission))}</li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
        </dl>
      </Card>
      {role === "BENEFICIARY" ? (
        <ItemsCard
          title={t("admin.latestRequests")}
          empty={t("admin.noRequestsYet")}
          testId="latest-requests"
          items={latestRequests}
          listClassName={LATEST_LIST}
          itemClassName={LATEST_ITEM}
          heading={
            <Link
              to={mustLinkTo(area, "beneficiaryRequests", { beneficiaryId: person.id })}
              className="text-sm text-accent-11 underline"
            >
              {t("admin.allRequests")}
            </Link>
          }
        >
          {(request) => (
            <>
              <span>#{request.id}</span>
              <span>{pick(lng, request.category_en, request.category_ar)}</span>
              <span className="text-gray-11">{pick(lng, request.client_en, request.client_ar)}</span>
              <Badge variant="secondary">{t(`status.${request.status}`)}</Badge>
              <span className="text-gray-11">{formatDate(request.created_at, lng, calendar)}</span>
            </>
          )}
        </ItemsCard>
      ) : null}
      {role === "BENEFICIARY" ? (
        <ItemsCard
          title={t("admin.latestAttestations")}
          empty={t("admin.noAttestationsYet")}
          testId="latest-attestations"
          items={latestAttestations}
          listClassName={LATEST_LIST}
          itemClassName={LATEST_ITEM}
        >
          {(attestation) => (
            <>
              <bdi>{attestation.document_name}</bdi>
              <span className="text-gray-11">{pick(lng, attestation.client_en, attestation.client_ar)}</span>
              <Badge variant="secondary">{t(`status.${attestation.status}`)}</Badge>
              <span className="text-gray-11">{formatDate(attestation.created_at, lng, calendar)}</span>
            </>
          )}
        </ItemsCard>
      ) : null}
      {role === "CLERK" ? (
        <ItemsCard
          title={t("admin.latestActions")}
          empty={t("admin.noActionsYet")}
          testId="latest-actions"
          items={latestActions}
          listClassName={LATEST_LIST}
          itemClassName={LATEST_ITEM}
        >
          {(action) => (
            <>
              <span className="text-gray-11">{formatDate(action.at, lng, calendar)}</span>
              <span>{t([`audit.actions.${action.action}`, "audit.actions.other"])}</span>
              {action.entity_id ? <span>#{action.entity_id}</span> : null}
            </>
          )}
        </ItemsCard>
      ) : null}
    </div>
  );
}
