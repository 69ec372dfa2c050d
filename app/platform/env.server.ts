import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const number = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

const publicUrlOf = { given: "", url: "" };

/** Configuration from the environment (docs/architecture.md §13); every variable is optional. */
export const env = {
  get port() {
    return number(process.env.PORT, 3000);
  },
  get publicUrl() {
    // Read on every verification page (1.5% of a look-up in the profile): worked out again only when the variable changes.
    const given = process.env.PUBLIC_URL;
    if (given === undefined) return `http://localhost:${this.port}`;
    if (given !== publicUrlOf.given) Object.assign(publicUrlOf, { given, url: given.replace(/\/+$/, "") });
    return publicUrlOf.url;
  },
  get storageDir() {
    return process.env.STORAGE_DIR ?? "./data/files";
  },
  /** Where the audit chain's checkpoints are written, outside the database (docs/architecture.md §22). */
  get auditCheckpointDir() {
    return process.env.AUDIT_CHECKPOINT_DIR ?? path.join(process.env.DATA_DIR ?? "./data", "audit-checkpoints");
  },
  /** Minutes between two checkpoints of the audit chain (besides one at start and one at shutdown). */
  get auditCheckpointMinutes() {
    return number(process.env.AUDIT_CHECKPOINT_MINUTES, 60);
  },
  get demoData() {
    return (process.env.DEMO_DATA ?? "on").toLowerCase() !== "off";
  },
  get isProduction() {
    return process.env.NODE_ENV === "production";
  },
  /** Cookies are Secure and `__Host-` prefixed when the public address is https. */
  get secureCookies() {
    return this.publicUrl.startsWith("https://");
  },
  /** Sign-in and registration posts allowed per IP per minute. */
  get authRateLimit() {
    return number(process.env.AUTH_RATE_LIMIT, 10);
  },
  /** Where mail is delivered (smtp://user:pass@host:port); unset, mails are printed to the log. */
  get smtpUrl() {
    return process.env.SMTP_URL || null;
  },
  get mailFrom() {
    return process.env.MAIL_FROM ?? "Documents & Attestations <no-reply@localhost>";
  },
  /** Origins a browser may call the JSON API from (comma-separated); unset, CORS stays off (docs/architecture.md §18). */
  get apiCorsOrigins(): string[] {
    return (process.env.API_CORS_ORIGINS ?? "")
      .split(",")
      .map((origin) => origin.trim().replace(/\/+$/, ""))
      .filter(Boolean);
  },
  /** What one person's uploads may keep stored (STORAGE_QUOTA_MB, 100 by default). */
  get storageQuotaBytes() {
    return number(process.env.STORAGE_QUOTA_MB, 100) * 1024 * 1024;
  },
  /** Posts with files one person may send per hour. */
  get uploadRateLimit() {
    return number(process.env.UPLOAD_RATE_LIMIT, 60);
  },
  /**
   * Whether issued PDFs carry the organisation's PAdES signature (PDF_SIGNING=off leaves them stamped, hashed and
   * verifiable by code, unsigned: docs/architecture.md §20). On by default.
   */
  get pdfSigning() {
    return (process.env.PDF_SIGNING ?? "on").toLowerCase() !== "off";
  },
  /**
   * How long a server holds the items of a job it claimed, a bulk issuance's rows (BULK_CLAIM_SECONDS, 60 by
   * default): a server that dies leaves them to the others after this (docs/architecture.md §21).
   */
  get bulkClaimMs() {
    return number(process.env.BULK_CLAIM_SECONDS, 60) * 1000;
  },
  /** The bearer token `/metrics` answers to on the service's port; unset, it answers 404 (docs/decisions/0017). */
  get metricsToken() {
    return process.env.METRICS_TOKEN || null;
  },
  /**
   * Single sign-on for staff with an OpenID Connect provider (docs/decisions/0018): set when OIDC_ISSUER,
   * OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are. OIDC_NAME is what the sign-in button calls the provider;
   * OIDC_CREATE_STAFF (`CLERK:<client id>`) lets the provider's unknown people in as clerks of that client.
   */
  get singleSignOn() {
    const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = process.env;
    if (!issuer || !clientId || !clientSecret) return null;
    const created = /^CLERK:([1-9][0-9]*)$/.exec(process.env.OIDC_CREATE_STAFF ?? "");
    return {
      issuer,
      clientId,
      clientSecret,
      name: process.env.OIDC_NAME || new URL(issuer).host,
      createStaff: created ? { role: "CLERK" as const, clientId: Number(created[1]) } : null,
    };
  },
  /**
   * Beneficiaries' sign-in with the national digital identity, an OpenID Connect provider such as UAE PASS, Nafath,
   * Sanad or FranceConnect (docs/decisions/0022): set when NATIONAL_ID_OIDC_ISSUER, _CLIENT_ID and _CLIENT_SECRET are.
   * _NAME is what the button calls it; NATIONAL_ID_OIDC_CLAIM the claim that holds the national ID (`national_id`).
   */
  get nationalIdSignIn() {
    const {
      NATIONAL_ID_OIDC_ISSUER: issuer,
      NATIONAL_ID_OIDC_CLIENT_ID: clientId,
      NATIONAL_ID_OIDC_CLIENT_SECRET: clientSecret,
    } = process.env;
    if (!issuer || !clientId || !clientSecret) return null;
    return {
      issuer,
      clientId,
      clientSecret,
      name: process.env.NATIONAL_ID_OIDC_NAME || new URL(issuer).host,
      claim: process.env.NATIONAL_ID_OIDC_CLAIM || "national_id",
    };
  },
  /** The wait before a failed webhook is sent again, doubling each time up to six hours (docs/decisions/0019). */
  get webhookFirstRetryMs() {
    return number(process.env.WEBHOOK_FIRST_RETRY_SECONDS, 10) * 1000;
  },
  /** An endpoint failing for this long is turned off and its organisation's admins told (three days by default). */
  get webhookDisableAfterMs() {
    return number(process.env.WEBHOOK_DISABLE_AFTER_HOURS, 72) * 3600 * 1000;
  },
  /**
   * Whether webhooks may go to private addresses (10/8, 192.168/16, loopback...): refused in production unless
   * WEBHOOK_PRIVATE_NETWORKS=allow, for a deployment whose receivers sit on its own network (docs/decisions/0019).
   */
  get webhookPrivateNetworks() {
    const setting = process.env.WEBHOOK_PRIVATE_NETWORKS;
    return setting === "allow" || (setting !== "refuse" && !this.isProduction);
  },
  /** How long sent mails and delivered webhooks are kept before the retention sweep forgets them (30 days). */
  get retentionMs() {
    return number(process.env.RETENTION_DAYS, 30) * 24 * 3600 * 1000;
  },
  /** How long a credential offer to a wallet lives (docs/decisions/0027). */
  get walletOfferMinutes() {
    return number(process.env.WALLET_OFFER_MINUTES, 30);
  },
  /** Verification look-ups allowed per IP per minute. */
  get verifyRateLimit() {
    return number(process.env.VERIFY_RATE_LIMIT, 60);
  },
};

const cachedSecrets = new Map<string, string>();

/** The variable's value, or a random secret generated once and kept in ./data (beside the database). */
function persistentSecret(variable: string, fileName: string): string {
  const fromEnv = process.env[variable];
  if (fromEnv) return fromEnv;
  const cached = cachedSecrets.get(variable);
  if (cached) return cached;
  const file = path.resolve(process.env[`${variable}_FILE`] ?? `./data/${fileName}`);
  let secret: string;
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    secret = crypto.randomBytes(32).toString("hex");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
  }
  cachedSecrets.set(variable, secret);
  return secret;
}

/** Signs the session and toast cookies; rotating it signs everyone out. */
export const sessionSecret = () => persistentSecret("SESSION_SECRET", "session-secret");

/** Derives SecurePlus access PINs; never rotate it, or issued PINs stop matching. */
export const pinSecret = () => persistentSecret("PIN_SECRET", "pin-secret");

/** Seals the organisations' signing keys at rest (docs/architecture.md §20); never rotate it, or the keys stay sealed. */
export const signingKeySecret = () => persistentSecret("SIGNING_KEY_SECRET", "signing-key-secret");

/**
 * Secrets that several servers must share: on PostgreSQL (several servers, docs/architecture.md §19) each one must come
 * from the environment, since a secret generated into one machine's ./data would differ on the next.
 */
export const unsetSharedSecrets = () =>
  ["SESSION_SECRET", "PIN_SECRET", "SIGNING_KEY_SECRET"].filter((variable) => !process.env[variable]);

/** An RFC 3161 time-stamping authority: when set, every PDF signature carries its timestamp (docs/architecture.md §20). */
export const timestampAuthorityUrl = () => process.env.TSA_URL || null;
