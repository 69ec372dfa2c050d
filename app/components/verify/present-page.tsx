import { href } from "react-router";
import { FormTokenField } from "~/components/forms/form-token";
import type { DisclosableClaim } from "~/modules/wallet/sd-jwt.server";
import type { PresentationKind, PresentationResult } from "~/modules/wallet/presentations.server";
import { formatDateTime, pick } from "~/utils/format";
import { useTranslation } from "~/platform/i18n/react";
import { VerifyShell } from "./verify-shell";

/**
 * `/verify/present`: a reviewer asks a holder's wallet for a document (docs/decisions/0027). A plain form: the
 * document kind and the claims to see; the holder's name is asked unless unticked.
 */
export function PresentFormPage({
  path,
  claims,
  kinds,
  error,
}: {
  path: string;
  claims: readonly DisclosableClaim[];
  kinds: readonly PresentationKind[];
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <VerifyShell title={t("present.title")} path={path}>
      <h1>{t("present.title")}</h1>
      <p>{t("present.intro")}</p>
      {error ? (
        <p className="v-msg v-bad" role="alert">
          {t(error)}
        </p>
      ) : null}
      <form method="post" action={href("/verify/present")} className="v-card">
        <FormTokenField />
        <fieldset>
          <legend>{t("present.kind")}</legend>
          {kinds.map((kind) => (
            <label key={kind}>
              <input type="radio" name="kind" value={kind} defaultChecked={kind === "any"} />{" "}
              {t(`present.kinds.${kind}`)}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>{t("present.claims")}</legend>
          {claims.map((claim) => (
            <label key={claim}>
              <input
                type="checkbox"
                name="claims"
                value={claim}
                defaultChecked={claim === "holder_name" || claim === "document_name"}
              />{" "}
              {t(`wallet.claims.${claim}`)}
            </label>
          ))}
        </fieldset>
        <p className="v-hint">{t("present.claimsHint")}</p>
        <button type="submit" className="v-btn">
          {t("present.submit")}
        </button>
      </form>
      <p>
        <a href={href("/verify")}>{t("verifyBatch.one")}</a>
      </p>
    </VerifyShell>
  );
}

/** Renders a disclosed claim's value: both languages of a bilingual one, the fields as a list. */
function ClaimValue({ value }: { value: unknown }) {
  const { i18n } = useTranslation();
  if (value && typeof value === "object" && "ar" in value && "en" in value) {
    const both = value as { ar: string; en: string };
    return <bdi>{pick(i18n.language, both.en, both.ar)}</bdi>;
  }
  if (value && typeof value === "object")
    return (
      <ul className="v-list">
        {Object.entries(value).map(([name, field]) => (
          <li key={name}>
            <bdi>{name}</bdi>: <bdi>{String(field)}</bdi>
          </li>
        ))}
      </ul>
    );
  return <bdi dir="ltr">{String(value)}</bdi>;
}

/** `/verify/present/{key}`: the request to scan while it waits (reloading itself), then the wallet's answer. */
export function PresentAnswerPage({
  path,
  view,
}: {
  path: string;
  view: {
    query: { kind: PresentationKind; claims: DisclosableClaim[] };
    result: PresentationResult | null;
    answered: boolean;
    expired: boolean;
    expiresAt: string;
    request: { link: string; qrSvg: string } | null;
  };
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { result } = view;
  const waiting = !view.answered && !view.expired;
  return (
    <VerifyShell title={t("present.title")} path={path} refreshSeconds={waiting ? 5 : undefined}>
      <h1>{t("present.title")}</h1>
      <p>
        {t("present.asked", {
          kind: t(`present.kinds.${view.query.kind}`),
          claims: view.query.claims.map((claim) => t(`wallet.claims.${claim}`)).join(t("present.separator")),
        })}
      </p>
      {view.answered && result?.verdict ? (
        <>
          <div
            className={`v-verdict v-${result.verdict}`}
            role="status"
            data-testid="present-verdict"
            data-verdict={result.verdict}
          >
            <div>
              <strong>{t(`present.verdicts.${result.verdict}`)}</strong>
              {result.issuerName ? (
                <span>
                  {t("present.issuedBy")} <bdi>{pick(lng, result.issuerName.en, result.issuerName.ar)}</bdi>
                </span>
              ) : null}
            </div>
          </div>
          <div className="v-card">
            <h2>{t("present.disclosed")}</h2>
            <dl data-testid="present-claims">
              {view.query.claims.map((claim) => (
                <div key={claim} style={{ display: "contents" }}>
                  <dt>{t(`wallet.claims.${claim}`)}</dt>
                  <dd data-claim={claim}>
                    {result.claims && claim in result.claims ? (
                      <ClaimValue value={result.claims[claim]} />
                    ) : (
                      t("present.notDisclosed")
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        </>
      ) : view.expired ? (
        <p className="v-msg v-bad" role="alert">
          {t("present.expired")}
        </p>
      ) : view.request ? (
        <div className="v-card">
          {result?.refused ? (
            <p className="v-msg v-bad" role="alert" data-testid="present-refused">
              {t("present.refused")}
            </p>
          ) : null}
          <p role="status">{t("present.waiting")}</p>
          <div
            className="v-qr"
            role="img"
            aria-label={t("present.qrLabel")}
            dangerouslySetInnerHTML={{ __html: view.request.qrSvg }}
          />
          <p>
            <a href={view.request.link} className="v-link" data-testid="present-link">
              {t("present.sameDevice")}
            </a>
          </p>
          <p className="v-hint">{t("present.until", { time: formatDateTime(view.expiresAt, lng) })}</p>
          <p>
            <a href={path}>{t("present.refresh")}</a>
          </p>
        </div>
      ) : null}
      <p>
        <a href={href("/verify/present")}>{t("present.again")}</a>
      </p>
    </VerifyShell>
  );
}

/** No request has this key (or it was never made here): a plain 404 with the way to make one. */
export function PresentNotFoundPage({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <VerifyShell title={t("errors.notFound")} path={path}>
      <h1>{t("errors.notFound")}</h1>
      <p className="v-msg v-bad" role="alert" data-status={404}>
        {t("present.notFound")}
      </p>
      <p>
        <a href={href("/verify/present")}>{t("present.again")}</a>
      </p>
    </VerifyShell>
  );
}
