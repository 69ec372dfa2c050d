import { href, Link } from "react-router";
import { getDb } from "~/platform/db/db.server";
import { idOf } from "~/platform/db/values";
import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import { readIntent } from "~/platform/http/body.server";
import { redirectWithToast, refusalToast } from "~/platform/toast/toast.server";
import { createOffer, liveOffer, walletDocumentOf } from "~/modules/wallet/service.server";
import { walletOfferSchema } from "~/modules/wallet/schema";
import { getLocale } from "~/middleware/i18next.server";
import { useTranslation } from "~/platform/i18n/react";
import { Form } from "~/components/forms/form-token";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Callout } from "~/components/ui/callout";
import { PageTitle } from "~/components/ui/page-title";
import { BilingualText } from "~/components/ui/bilingual-text";
import { VerificationCode } from "~/components/ui/unbroken";
import { formatDateTime } from "~/utils/format";
import { useCalendar } from "~/utils/calendar";
import type { Route } from "./+types/add-to-wallet";

async function load(context: Route.LoaderArgs["context"], id: string) {
  const principal = requirePermission(principalOf(context), "request:submit");
  const document = await walletDocumentOf(getDb(), idOf(id), principal.user.id);
  if (!document) throw notFound();
  return { principal, document };
}

/** Where the holder came from: the request or the attestation the document answers. */
const backOf = (document: { request_id: number | null; attestation_id: number | null }) =>
  document.request_id !== null
    ? href("/beneficiary/request-document/:id", { id: String(document.request_id) })
    : href("/beneficiary/attestations/:id", { id: String(document.attestation_id) });

/**
 * "Add to a wallet" (docs/decisions/0027): the holder's offer of one document to a wallet, a link and its QR code with
 * the transaction code beside it; a new offer on request. Works without script: the offer is a page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { document } = await load(context, params.id);
  return {
    document: {
      id: document.id,
      status: document.status,
      verification_code: document.verification_code,
      document_name_en: document.document_name_en,
      document_name_ar: document.document_name_ar,
    },
    back: backOf(document),
    offer: document.status === "VALID" ? await liveOffer(getDb(), document.id, getLocale(context)) : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { principal, document } = await load(context, params.id);
  await readIntent(request, walletOfferSchema);
  const here = href("/beneficiary/wallet/:id", { id: String(document.id) });
  const made = await createOffer(getDb(), { ...principal, userId: principal.user.id }, document.id);
  if (!made.ok) return refusalToast(here, made);
  return redirectWithToast(here, { kind: "success", message: "wallet.offerMade" });
}

export default function AddToWallet({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendar(i18n.language);
  const { document, back, offer } = loaderData;
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <PageTitle title={t("wallet.title")} />
      <Link to={back} className="text-sm text-accent-11 underline">
        {t("wallet.back")}
      </Link>
      <h1 className="text-2xl font-bold">{t("wallet.title")}</h1>
      <p>
        <BilingualText en={document.document_name_en} ar={document.document_name_ar} /> ·{" "}
        <VerificationCode code={document.verification_code} />
      </p>
      <p className="text-gray-11">{t("wallet.intro")}</p>
      {document.status !== "VALID" ? (
        <Callout tone="warning">{t("wallet.revoked")}</Callout>
      ) : offer ? (
        <Card className="flex flex-col gap-4" data-testid="wallet-offer">
          <div className="flex flex-wrap gap-6">
            <div
              className="size-56 max-w-full shrink-0 bg-white p-2"
              role="img"
              aria-label={t("wallet.qrLabel")}
              dangerouslySetInnerHTML={{ __html: offer.qrSvg }}
            />
            <dl className="flex flex-1 flex-col gap-2">
              <dt className="text-gray-11">{t("wallet.txCode")}</dt>
              <dd>
                <code dir="ltr" className="text-2xl font-bold tracking-widest" data-testid="tx-code">
                  {offer.txCode}
                </code>
              </dd>
              <dt className="text-gray-11">{t("wallet.expires")}</dt>
              <dd>{formatDateTime(offer.expiresAt, i18n.language, calendar)}</dd>
            </dl>
          </div>
          <p className="text-sm text-gray-11">{t("wallet.txCodeHint")}</p>
          <a href={offer.link} className="self-start text-accent-11 underline" data-testid="offer-link">
            {t("wallet.openInWallet")}
          </a>
          <p className="text-sm text-gray-11">{t("wallet.formats")}</p>
        </Card>
      ) : (
        <p className="text-gray-11" data-testid="no-offer">
          {t("wallet.noOffer")}
        </p>
      )}
      {document.status === "VALID" ? (
        <Form method="post">
          <input type="hidden" name="intent" value="offer" />
          <Button type="submit" variant={offer ? "outline" : "solid"}>
            {offer ? t("wallet.newOffer") : t("wallet.makeOffer")}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
