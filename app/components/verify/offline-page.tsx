import { href } from "react-router";
import { useTranslation } from "~/platform/i18n/react";
import { VerifyShell } from "./verify-shell";

/** The strings the offline verifier shows, in the page's language (the script has no locale files of its own). */
export const OFFLINE_STRINGS = [
  "saving",
  "savedAt",
  "notSaved",
  "offlineUsingSaved",
  "listAge",
  "checking",
  "valid",
  "revoked",
  "expired",
  "invalid",
  "unreadable",
  "otherIssuer",
  "listMissing",
  "issuer",
  "document",
  "holder",
  "validFrom",
  "validUntil",
  "qrIsLink",
  "qrNothing",
  "minutes",
  "hours",
  "days",
] as const;

/**
 * `/verify/offline` (docs/architecture.md §20): checks a verifiable credential in the browser, against the organisations'
 * keys and the revocation lists it saved, with or without a network. Its script and a service worker make that
 * possible; without script it says so and points to the online pages.
 */
export function VerifyOfflinePage({ path }: { path: string }) {
  const { t } = useTranslation();
  const strings = Object.fromEntries(OFFLINE_STRINGS.map((key) => [key, t(`verifyOffline.${key}`)]));
  return (
    <VerifyShell title={t("verifyOffline.title")} path={path}>
      <h1>{t("verifyOffline.title")}</h1>
      <p>{t("verifyOffline.intro")}</p>
      <noscript>
        <p className="v-msg v-note">
          {t("verifyOffline.needsScript")} <a href={href("/verify")}>{t("verifyBatch.one")}</a>
        </p>
      </noscript>
      <p className="v-msg v-note" id="offline-saved" data-testid="offline-saved" role="status">
        {t("verifyOffline.notSaved")}
      </p>
      <form className="v-card" id="offline-form">
        <label htmlFor="credential">{t("verifyOffline.pasteLabel")}</label>{" "}
        <textarea id="credential" name="credential" rows={8} dir="ltr" spellCheck={false} />
        <label htmlFor="credential-file">{t("verifyOffline.fileLabel")}</label>{" "}
        <input type="file" id="credential-file" accept=".json,application/json,application/vc" />
        <button type="submit" className="v-btn">
          {t("verifyOffline.check")}
        </button>{" "}
        <button type="button" className="v-btn v-btn-quiet" id="scan" hidden>
          {t("verifyOffline.scan")}
        </button>
        <video id="camera" hidden muted playsInline width={320} />
      </form>
      <div id="offline-result" data-testid="offline-result" aria-live="polite" />
      <script type="application/json" id="offline-strings" dangerouslySetInnerHTML={{ __html: escapeJson(strings) }} />
      <script type="module" src="/verify/offline-verifier.js" />
    </VerifyShell>
  );
}

/** JSON inside a script element: no "</script>" can close it early. */
const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
