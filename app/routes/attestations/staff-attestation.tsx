import { badIntent } from "~/platform/http/body.server";
import { replyInvalid } from "~/platform/forms/reply.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { AttestationSummary, ReviewNote } from "~/components/attestations/attestation-cards";
import { StaffIssuedDocuments } from "~/components/requests/issued-cards";
import { BeneficiaryCard, TimelineCard } from "~/components/requests/request-cards";
import { StatusBadge } from "~/components/requests/status-badge";
import { ButtonLink } from "~/components/ui/button";
import { Callout } from "~/components/ui/callout";
import { PageTitle } from "~/components/ui/page-title";
import { getDb } from "~/platform/db/db.server";
import { mustLinkTo } from "~/modules/access";
import { staffAttestationView } from "~/modules/attestations/service.server";
import { revokeIntentSchema } from "~/modules/issuing/schema";
import { revokeIssuedDocument } from "~/modules/issuing/service.server";
import { redirectWithToast, refusalToast } from "~/platform/toast/toast.server";
import { pick } from "~/utils/format";
import { useTranslation } from "~/platform/i18n/react";
import { attestationForStaff } from "./staff-attestation.server";
import type { Route } from "./+types/staff-attestation";
import { readForm } from "~/platform/http/body.server";
import { storedBilingual } from "~/platform/forms/bilingual";

/** An attestation for staff (docs/architecture.md §6.4): the beneficiary, their file, the history, the attested copy; one module in each area. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { attestation, area } = await attestationForStaff(context, params.id);
  return {
    ...(await staffAttestationView(getDb(), attestation)),
    links: {
      list: mustLinkTo(area, "attestations"),
      decision:
        attestation.status === "PENDING" ? mustLinkTo(area, "attestationDecision", { id: attestation.id }) : null,
    },
  };
}

/** Revoking an attested copy (a reason required); it then verifies as REVOKED. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { principal, attestation, area } = await attestationForStaff(context, params.id);
  const submission = parseWithZod(await readForm(request), { schema: revokeIntentSchema });
  if (submission.payload.intent !== "revoke") throw badIntent();
  if (submission.status !== "success") return replyInvalid(submission, { wrap: (result) => ({ result }) });
  const revoked = await revokeIssuedDocument(getDb(), {
    owner: { attestationId: attestation.id },
    clientId: attestation.client_id,
    issuedDocumentId: submission.value.issuedDocumentId,
    reason: storedBilingual(submission.value.reason),
    actor: principal,
  });
  const detail = mustLinkTo(area, "attestation", { id: attestation.id });
  if (!revoked.ok) return refusalToast(detail, revoked);
  return redirectWithToast(detail, {
    kind: "success",
    message: "staff.revoked",
  });
}

export default function StaffAttestation({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { attestation, timeline, issued, verifications, links } = loaderData;
  const title = t("attestations.number", { id: attestation.id });
  const reviewer = attestation.reviewer_first_en
    ? pick(
        i18n.language,
        `${attestation.reviewer_first_en} ${attestation.reviewer_last_en}`,
        `${attestation.reviewer_first_ar} ${attestation.reviewer_last_ar}`,
      )
    : null;
  return (
    <div className="flex max-w-5xl flex-col gap-5">
      <PageTitle title={title} />
      <Link to={links.list} className="text-sm text-accent-11 underline">
        {t("attestations.backToList")}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{title}</h1>
        <div className="flex items-center gap-3">
          <StatusBadge status={attestation.status} />
          {links.decision ? <ButtonLink to={links.decision}>{t("attestations.decide")}</ButtonLink> : null}
        </div>
      </div>
      {attestation.can_do_attestation ? null : (
        <Callout tone="warning">{t("attestations.clientNoLongerAttests")}</Callout>
      )}
      <ReviewNote en={attestation.review_note_en} ar={attestation.review_note_ar} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <AttestationSummary
          attestation={attestation}
          fileLabel={t("attestations.beneficiaryDocument")}
          reviewer={reviewer}
        />
        <BeneficiaryCard person={attestation} />
      </div>
      <StaffIssuedDocuments
        issued={issued}
        verifications={verifications}
        canRevoke
        revokeErrors={actionData?.result.error}
        title={t("attestations.attestedCopy")}
      />
      <TimelineCard timeline={timeline} labels="attestations.events" showRoles />
    </div>
  );
}
