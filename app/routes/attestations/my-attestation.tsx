import { useDialogUrl } from "~/components/ui/url-dialog";
import { attestationCancelSchema } from "~/modules/attestations/schema";
import { readIntent } from "~/platform/http/body.server";
import { href, Link } from "react-router";
import { AttestationSummary, ReviewNote } from "~/components/attestations/attestation-cards";
import { HolderDocuments } from "~/components/requests/issued-cards";
import { TimelineCard } from "~/components/requests/request-cards";
import { StatusBadge } from "~/components/requests/status-badge";
import { ButtonLink } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { PageTitle } from "~/components/ui/page-title";
import { getDb } from "~/platform/db/db.server";
import { idOf } from "~/platform/db/values";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { findAttestation } from "~/modules/attestations/queries.server";
import { cancelAttestation, holderAttestationView } from "~/modules/attestations/service.server";
import { redirectWithToast, refusalToast } from "~/platform/toast/toast.server";
import { useTranslation } from "~/platform/i18n/react";
import type { Route } from "./+types/my-attestation";

async function load(context: Route.LoaderArgs["context"], id: string) {
  const principal = requirePermission(principalOf(context), "attestation:create");
  const attestation = requirePermission(principal, "attestation:create", await findAttestation(getDb(), idOf(id)));
  return { principal, attestation };
}

/** The beneficiary's attestation: status, timeline, the organisation's note, and once APPROVED the attested copy. */
export async function loader({ params, context, url }: Route.LoaderArgs) {
  const { attestation } = await load(context, params.id);
  return {
    ...(await holderAttestationView(getDb(), attestation)),
    dialog: url.searchParams.get("dialog"),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { principal, attestation } = await load(context, params.id);
  await readIntent(request, attestationCancelSchema);
  const here = href("/beneficiary/attestations/:id", { id: String(attestation.id) });
  const cancelled = await cancelAttestation(getDb(), attestation, principal);
  if (!cancelled.ok) return refusalToast(here, cancelled);
  return redirectWithToast(here, { kind: "success", message: "attestations.cancelled" });
}

export default function MyAttestation({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const dialogUrl = useDialogUrl();
  const { attestation, timeline, documents, verifications, dialog } = loaderData;
  const title = t("attestations.number", { id: attestation.id });
  return (
    <div className="flex max-w-4xl flex-col gap-5">
      <PageTitle title={title} />
      <Link to={href("/beneficiary/attestations")} className="text-sm text-accent-11 underline">
        {t("attestations.back")}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{title}</h1>
        <div className="flex items-center gap-3">
          <StatusBadge status={attestation.status} />
          {attestation.status === "PENDING" ? (
            <ButtonLink to={dialogUrl("cancel")} variant="outline" preventScrollReset>
              {t("attestations.cancel")}
            </ButtonLink>
          ) : null}
        </div>
      </div>
      {attestation.status === "PENDING" && dialog === "cancel" ? (
        <ConfirmAction
          intent="cancel"
          title={t("attestations.cancelTitle", { id: attestation.id })}
          hint={t("attestations.cancelHint")}
          confirmLabel={t("attestations.cancelConfirm")}
        />
      ) : null}
      <ReviewNote en={attestation.review_note_en} ar={attestation.review_note_ar} />
      <AttestationSummary attestation={attestation} fileLabel={t("attestations.yourDocument")} />
      <HolderDocuments
        documents={documents}
        verifications={verifications}
        title={t("attestations.attestedCopy")}
        downloadLabel={t("attestations.download")}
      />
      <TimelineCard timeline={timeline} labels="attestations.events" />
    </div>
  );
}
