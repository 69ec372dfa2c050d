import crypto from "node:crypto";
import http from "node:http";
import Provider from "oidc-provider";
import { test, type Page } from "@playwright/test";
import { openServerDatabase, type ServerDatabase } from "./server-db";
import { spawnServer, type SpawnedServer } from "./spawn-server";

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1, standing in for an organisation's
 * staff directory (Keycloak, Entra ID). Its sign-in page takes an account and whether a second factor was
 * checked (the ID token's `amr` then holds `otp`). Consent is given in advance: the service is a first-party
 * client.
 */
export interface DirectoryAccount {
  email: string;
  verified?: boolean;
  givenName?: string;
  familyName?: string;
  givenNameArabic?: string;
  /** A national identity's account: the national ID it vouches for (claim `national_id`). */
  nationalId?: string;
}

export const CLIENT = { id: "attestation-service", secret: "a-client-secret-for-tests-only" };

/** What a server of the tests needs to offer "Sign in with Staff directory" through the directory at `issuer`. */
export const singleSignOnEnv = (issuer: string) => ({
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: CLIENT.id,
  OIDC_CLIENT_SECRET: CLIENT.secret,
  OIDC_NAME: "Staff directory",
});

/** What a server of the tests needs to offer "Sign in with National identity" through the provider at `issuer`. */
export const nationalIdEnv = (issuer: string) => ({
  NATIONAL_ID_OIDC_ISSUER: issuer,
  NATIONAL_ID_OIDC_CLIENT_ID: CLIENT.id,
  NATIONAL_ID_OIDC_CLIENT_SECRET: CLIENT.secret,
  NATIONAL_ID_OIDC_NAME: "National identity",
});

/**
 * The provider; `title` names its sign-in page ("Staff directory", or "National identity" for one standing in for
 * UAE PASS, Nafath, Sanad or FranceConnect: its accounts carry a `national_id`).
 */
export async function startDirectory(
  port: number,
  redirectUri: string,
  accounts: DirectoryAccount[],
  title = "Staff directory",
) {
  const issuer = `http://127.0.0.1:${port}`;
  const byEmail = new Map(accounts.map((account) => [account.email, account]));
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    pkce: { required: () => true },
    // `amr` is released only when listed (with the defaults this list replaces).
    claims: {
      acr: null,
      amr: null,
      auth_time: null,
      iss: null,
      sid: null,
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "given_name#ar", "family_name#ar"],
      national_id: null,
    },
    features: { devInteractions: { enabled: false }, claimsParameter: { enabled: true } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ["directory-cookie-key"] },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = byEmail.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.verified ?? true,
          given_name: account.givenName ?? "Directory",
          family_name: account.familyName ?? "Person",
          ...(account.givenNameArabic ? { "given_name#ar": account.givenNameArabic } : {}),
          ...(account.nationalId ? { national_id: account.nationalId } : {}),
        }),
      };
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    loadExistingGrant: async (ctx: any) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope("openid email profile");
      // A claim asked for by name is granted by name too (the national identity's `national_id`).
      grant.addOIDCClaims(["national_id"]);
      await grant.save();
      return grant;
    },
  });

  const server = http.createServer(async (request, response) => {
    const match = /^\/interaction\/([^/?]+)(\/login)?/.exec(request.url ?? "");
    if (!match) return provider.callback()(request, response);
    try {
      if (request.method === "POST" && match[2]) {
        let body = "";
        for await (const chunk of request) body += chunk;
        const form = new URLSearchParams(body);
        const amr = form.get("mfa") ? ["pwd", "otp"] : ["pwd"];
        await provider.interactionFinished(
          request,
          response,
          { login: { accountId: form.get("email") ?? "", amr } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const details = await provider.interactionDetails(request, response);
      response.setHeader("Content-Type", "text/html; charset=utf-8");
      response.end(`<!doctype html><html lang="en"><head><title>${title}</title></head><body><main>
<h1>${title}</h1>
<form method="post" action="/interaction/${details.uid}/login">
<label>Email <input name="email" type="email" required></label>
<label><input name="mfa" type="checkbox" value="1"> I used my authenticator app</label>
<button type="submit">Continue</button>
</form></main></body></html>`);
    } catch (error) {
      response.statusCode = 400;
      response.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A provider and a server that trusts it, for a whole spec file: one pair a project (with and without JavaScript run
 * side by side, each on its own ports and database), started before the first test and stopped after the last. The
 * object answered is filled in once both have started.
 */
export function providerSuite(options: {
  ports: { withJs: [number, number]; withoutJs: [number, number] };
  callback: string;
  accounts: DirectoryAccount[];
  title?: string;
  env: (issuer: string) => Record<string, string>;
}) {
  const suite = {} as {
    server: SpawnedServer;
    provider: Awaited<ReturnType<typeof startDirectory>>;
    db: ServerDatabase;
  };
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const withJs = test.info().project.use.javaScriptEnabled !== false;
    const [port, providerPort] = withJs ? options.ports.withJs : options.ports.withoutJs;
    const callback = `http://127.0.0.1:${port}${options.callback}`;
    suite.provider = await startDirectory(providerPort, callback, options.accounts, options.title);
    const env = { DEMO_DATA: "on", WEB_CONCURRENCY: "1", ...options.env(suite.provider.issuer) };
    suite.server = await spawnServer(port, env);
    suite.db = await openServerDatabase(suite.server.databaseUrl);
  });
  test.afterAll(async () => {
    await suite.db?.close();
    suite.server?.child.kill("SIGTERM");
    await suite.server?.exited;
    await suite.provider?.close();
  });
  return suite;
}

/** What the service's cookie remembers of the sign-in it started (signed, not secret from its own browser). */
export async function signInStartedBy(page: Page, cookieName: string) {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === cookieName)!;
  const value = decodeURIComponent(cookie.value);
  return JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8")) as {
    state: string;
    nonce: string;
    verifier: string;
  };
}

/** An authorization request of a test's own making, with a started sign-in's values (changed, to be refused). */
export const authorizationUrl = (
  issuer: string,
  redirectUri: string,
  values: { state: string; nonce: string; verifier: string },
  claims: Record<string, null>,
) =>
  `${issuer}/auth?${new URLSearchParams({
    client_id: CLIENT.id,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: "openid email profile",
    state: values.state,
    nonce: values.nonce,
    code_challenge: crypto.createHash("sha256").update(values.verifier).digest("base64url"),
    code_challenge_method: "S256",
    claims: JSON.stringify({ id_token: claims }),
  })}`;
