/**
 * The paths the listener answers before React Router, or sorts by (docs/architecture.md §11), written once: routes.ts
 * mounts the health check and the verification pages at the same ones for the pages' own links and tests.
 */
export const SERVER_PATHS = {
  health: "/healthz",
  metrics: "/metrics",
  /** The build's hashed files, cached for a year. */
  assets: "/assets/",
  /** The JSON API: every method reaches it and it answers in its own shape. */
  api: "/api/",
  verify: "/verify",
  /** Under /verify but React Router's pages: the reviewers' batch, the offline verifier, asking a wallet. */
  verifyPages: ["batch", "offline", "present"],
  /** What wallets post to (docs/decisions/0027): they answer for themselves, by the codes and tokens they carry. */
  wallet: "/wallet/",
} as const;

const { verify, verifyPages } = SERVER_PATHS;
/** A code's verification page, or the form (`/verify`): not the reviewers' batch or the offline verifier. */
export const VERIFY_PATH = new RegExp(`^${verify}(?:/(?!(?:${verifyPages.join("|")})/?$)[^/]+)?/?$`);
