import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import routes from "../../app/routes";
import { baseURL } from "../../playwright.config";
import { AREAS, capabilitiesOf, type Capability } from "../../app/modules/access";
import { flatten, ROUTES, UNKNOWN_CODE, type RouteRow } from "../route-table";
import { DEMO, DEMO_PASSWORD, type DemoRole, EMAIL_OF, ROLE_OF, type Who } from "../support";

/**
 * The authorization matrix, generated from routes.ts and the capability table (docs/architecture.md §15): every route,
 * GET and POST, as anonymous, each role, and a clerk and a client admin of ANOTHER client.
 */

/** What each screen's loader asks of the capability table. */
const SCREEN_CAPABILITY: Record<string, Capability> = {
  "routes/dashboard/dashboard.tsx": "profile:read",
  "routes/dashboard/dashboard-redirect.tsx": "profile:read",
  "routes/profile/profile.tsx": "profile:read",
  "routes/profile/profile-edit.tsx": "profile:read",
  "routes/profile/two-factor.tsx": "profile:read",
  "routes/admin/two-factor-policy.tsx": "security:manage",
  "routes/admin/signing-certificate.tsx": "signing:manage",
  "routes/audit/audit-trail.tsx": "audit:read",
  "routes/requests/staff-requests.tsx": "request:read",
  "routes/requests/staff-request.tsx": "request:read",
  "routes/requests/staff-request-edit.tsx": "request:update",
  "routes/requests/issue-document.tsx": "request:issue",
  "routes/requests/issue-preview.ts": "request:issue",
  "routes/bulk/bulk-issue.tsx": "request:issue",
  "routes/bulk/bulk-job.tsx": "request:issue",
  "routes/bulk/bulk-job-export.ts": "request:issue",
  "routes/requests/my-requests.tsx": "request:submit",
  "routes/requests/my-request.tsx": "request:submit",
  "routes/requests/my-request-edit.tsx": "request:submit",
  "routes/wizard/wizard.tsx": "request:submit",
  "routes/resources/file.ts": "file:read",
  "routes/resources/credential.ts": "file:read",
  "routes/catalogue/category-template.tsx": "catalogue:write",
  "routes/attestations/my-attestations.tsx": "attestation:create",
  "routes/attestations/attestation-create.tsx": "attestation:create",
  "routes/attestations/my-attestation.tsx": "attestation:create",
  "routes/attestations/staff-attestations.tsx": "attestation:review",
  "routes/attestations/staff-attestation.tsx": "attestation:review",
  "routes/attestations/attestation-decision.tsx": "attestation:review",
  "routes/announcements/announcements.tsx": "announcement:publish",
  "routes/announcements/announcement.tsx": "announcement:publish",
  "routes/announcements/announcement-form.tsx": "announcement:write",
  "routes/admin/client-categories.tsx": "clientCategory:manage",
  "routes/admin/client-category.tsx": "clientCategory:manage",
  "routes/admin/client-category-form.tsx": "clientCategory:manage",
  "routes/admin/clients.tsx": "client:manage",
  "routes/admin/client.tsx": "client:manage",
  "routes/admin/client-form.tsx": "client:manage",
  "routes/admin/client-admins.tsx": "clientAdmin:manage",
  "routes/admin/client-admin.tsx": "clientAdmin:manage",
  "routes/admin/client-admin-form.tsx": "clientAdmin:manage",
  "routes/admin/service-admins.tsx": "serviceAdmin:manage",
  "routes/admin/service-admin.tsx": "serviceAdmin:manage",
  "routes/admin/service-admin-form.tsx": "serviceAdmin:manage",
  "routes/admin/clerks.tsx": "clerk:manage",
  "routes/admin/clerk.tsx": "clerk:manage",
  "routes/admin/clerk-form.tsx": "clerk:manage",
  "routes/admin/beneficiaries.tsx": "beneficiary:manage",
  "routes/admin/beneficiary.tsx": "beneficiary:manage",
  "routes/admin/beneficiary-form.tsx": "beneficiary:manage",
};
const capabilityOf = (file: string): Capability | undefined =>
  SCREEN_CAPABILITY[file] ?? (file.startsWith("routes/catalogue/") ? "catalogue:read" : undefined);
/** A list's download (`{list}/export`, beside it in routes.ts) is guarded as its list is. */
const screenFileOf = (route: RouteRow) =>
  route.path.endsWith("/export")
    ? (ROUTES.find((list) => `${list.path}/export` === route.path)?.file ?? route.file)
    : route.file;

/** Public paths and their status for anyone (an unknown verification code is NOT FOUND). */
const PUBLIC: Record<string, number> = {
  "/": 200,
  "/healthz": 200,
  "/locales/en/common.json": 200,
  "/verify": 200,
  "/verify/batch": 200,
  "/verify/offline": 200,
  "/certificate-authority.pem": 200,
  "/certificate-authority.crl": 200,
  [`/verify/${UNKNOWN_CODE}`]: 404,
  [`/verify/${UNKNOWN_CODE}/qr.svg`]: 200,
  [`/verify/${UNKNOWN_CODE}/document`]: 404,
  [`/verify/${UNKNOWN_CODE}/credential`]: 404,
  "/.well-known/did.json": 200,
  "/credentials/status/1": 200,
  "/credentials/issuers": 200,
  "/organisations/1/did.json": 200,
  "/organisations/1/status/1": 200,
  // Wallets (docs/decisions/0027): metadata, an organisation's key, status list and logo; no document kind is "1";
  // asking a wallet, and no request has the key "1".
  "/.well-known/openid-credential-issuer": 200,
  "/.well-known/oauth-authorization-server": 200,
  "/.well-known/jwt-vc-issuer/organisations/1": 200,
  "/credentials/types/1": 404,
  "/organisations/1/token-status/1": 200,
  "/organisations/1/logo": 200,
  "/verify/present": 200,
  "/verify/present/1": 404,
  // No announcement has the slug "1"; client 1, Demo University, publishes announcements.
  "/public-announcements/1": 404,
  "/organisations/1/announcements": 200,
  "/organisations/1/announcements.atom": 200,
  // Single sign-on is off on this server (no OIDC_* set): its callback is not there (single-sign-on.spec.ts turns it on).
  "/login/sso/callback": 404,
  "/login/national-id/callback": 404,
  // The API's reference for humans (the API itself, `api/*`, has its own matrix: api.spec.ts).
  "/api/docs": 200,
};
/** Pages for signed-out users and their status for them (a reset page without its mailed token: 'This link is invalid'). */
const GUEST_ONLY: Record<string, number> = {
  "/login/two-factor": 302,
  "/login": 200,
  "/register": 200,
  "/forgot-password": 200,
  "/reset-password": 404,
};
const POST_ONLY = new Set([
  "/logout",
  "/language",
  "/version",
  "/login/sso",
  "/login/national-id",
  // What wallets post to: a nonce for anyone, else a refusal in OAuth's shape.
  "/wallet/token",
  "/wallet/nonce",
  "/wallet/credential",
  "/wallet/presentations/1",
]);
/** Answered by the production server before React Router (ADR 0006): the verification form posts to itself. */
const FAST_PATH_POSTS = new Set(["/verify"]);

// Demo University can do sincera and attestation, the Ministry of Labour (the other client) attestation
// only; the client admins' permissions are empty (all).
const capabilitiesOfWho = (who: Exclude<Who, "anonymous">) =>
  capabilitiesOf(ROLE_OF[who], {
    clientId: 1,
    clientCanDoSincera: !who.startsWith("OTHER_"),
    clientCanDoAttestation: true,
    permissions: [],
    canDoAttestation: true,
  });

const isAreaIndex = (route: RouteRow) =>
  route.path === "/dashboard" || Object.keys(AREAS).some((area) => route.path === `/${area}`);

function expectedGet(route: RouteRow, who: Who): { status: number; location?: RegExp } {
  const { path } = route;
  if (path in PUBLIC) return { status: PUBLIC[path] };
  if (POST_ONLY.has(path)) return { status: 405 };
  if (path in GUEST_ONLY)
    return who === "anonymous" ? { status: GUEST_ONLY[path] } : { status: 302, location: /^\/profile$/ };
  if (who === "anonymous") return { status: 302, location: /^\/login\?redirectTo=/ };
  const capabilities = capabilitiesOfWho(who);
  if (route.area && !capabilities.has(AREAS[route.area].capability)) return { status: 403 };
  if (isAreaIndex(route)) return { status: 302, location: /\/dashboard$/ };
  const capability = capabilityOf(screenFileOf(route));
  if (capability && !capabilities.has(capability)) return { status: 403 };
  // One's own profile only: the sample id 1 is the super admin's; anyone else's answers 404.
  if (route.file === "routes/profile/profile-edit.tsx") return { status: who === "SUPER_ADMIN" ? 200 : 404 };
  // The field and document-type screens need `documentCategoryId`: 'Missing category data'. An edit page finds
  // it from its own field or type (Demo University's sample id 1), where that is in the viewer's scope.
  if (/^\/document-(required-fields|supporting-documents)/.test(path)) {
    const ownEdit = /\/edit\/\d+$/.test(path) && who !== "OTHER_CLERK" && who !== "OTHER_CLIENT_ADMIN";
    return { status: ownEdit ? 200 : 400 };
  }
  // Request 1's category has no document template (the template tests write others'): no draft to show.
  if (route.file === "routes/requests/issue-preview.ts") return { status: 404 };
  // The sample bulk job does not exist (route-table.ts); the bulk test opens a real one as other clients' staff.
  if (route.path.includes("/bulk-jobs/")) return { status: 404 };
  // No webhook endpoint exists on this server; webhooks.spec.ts opens a real one as another client's admin.
  if (route.file === "routes/webhooks/webhook.tsx") return { status: 404 };
  // Demo University's category, request and files are outside another client's scope: the 404 of an unknown id.
  const scoped = /\/\d+(\/|$)/.test(path) || path.startsWith("/files/");
  if (scoped && (who === "OTHER_CLERK" || who === "OTHER_CLIENT_ADMIN")) return { status: 404 };
  return { status: 200 };
}

/**
 * An empty POST: the area's guard refuses it first (sign in, or 403), a route without an action answers
 * 405, an id outside the scope 404; anything else is a validation answer, never a 500.
 */
function expectedPost(route: RouteRow, who: Who): { status: number | "client-error"; location?: RegExp } {
  const get = expectedGet(route, who);
  if (route.area) {
    if (who === "anonymous") return get;
    if (!capabilitiesOfWho(who).has(AREAS[route.area].capability)) return { status: 403 };
  }
  if (!route.hasAction && !FAST_PATH_POSTS.has(route.path)) return { status: 405 };
  if (route.path in GUEST_ONLY && who === "anonymous") return { status: "client-error" }; // the form's own checks
  if (get.status === 403 || get.status === 404 || (get.status === 302 && get.location?.source.includes("login")))
    return get;
  return { status: "client-error" };
}

async function contextFor(who: Who): Promise<APIRequestContext> {
  // As a browser posts from our pages: with our Origin.
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  if (who !== "anonymous") {
    const response = await context.post("/login", {
      form: { email: EMAIL_OF[who], password: DEMO_PASSWORD },
      maxRedirects: 0,
    });
    expect(response.status(), `sign-in of ${who}`).toBe(302);
  }
  return context;
}

test("routes.ts has the areas and screens the matrix walks", () => {
  expect(ROUTES.length).toBeGreaterThan(60);
  for (const area of Object.keys(AREAS).filter((key) => key !== "shared"))
    expect(ROUTES.map((route) => route.path)).toContain(`/${area}/dashboard`);
  // Every screen of the area table is a route the matrix walks.
  const paths = new Set(flatten(routes).map((route) => route.path));
  for (const area of Object.values(AREAS))
    for (const pattern of Object.values(area.screens)) expect(paths, pattern).toContain(pattern);
});

const EVERYONE: Who[] = ["anonymous", ...(Object.keys(DEMO) as DemoRole[]), "OTHER_CLERK", "OTHER_CLIENT_ADMIN"];

for (const who of EVERYONE) {
  test(`authorization matrix: every route, GET and POST, as ${who}`, async () => {
    const context = await contextFor(who);
    const failures: string[] = [];
    for (const route of ROUTES) {
      const get = await context.get(route.path, { maxRedirects: 0 });
      const want = expectedGet(route, who);
      const location = get.headers()["location"] ?? "";
      if (get.status() !== want.status || (want.location && !want.location.test(location))) {
        failures.push(`GET ${route.path}: got ${get.status()} ${location}, want ${want.status} ${want.location ?? ""}`);
      }
      if (route.path === "/logout") continue; // would end this context's session
      const post = await context.post(route.path, { form: {}, maxRedirects: 0 });
      const wantPost = expectedPost(route, who);
      const postLocation = post.headers()["location"] ?? "";
      const ok =
        wantPost.status === "client-error"
          ? post.status() < 500
          : post.status() === wantPost.status && (!wantPost.location || wantPost.location.test(postLocation));
      if (!ok) failures.push(`POST ${route.path}: got ${post.status()} ${postLocation}, want ${wantPost.status}`);
    }
    await context.dispose();
    expect(failures).toEqual([]);
  });
}

test("every sidebar link answers 200 inside the area's shell", async () => {
  for (const who of Object.keys(DEMO) as DemoRole[]) {
    const context = await contextFor(who);
    const dashboard = await (await context.get("/dashboard")).text();
    const links = [...dashboard.matchAll(/<nav[^>]*>([\s\S]*?)<\/nav>/g)].flatMap((nav) =>
      [...nav[1].matchAll(/href="([^"]+)"/g)].map((match) => match[1]),
    );
    expect(links.length, who).toBeGreaterThan(2);
    for (const link of links) {
      const response = await context.get(link);
      const html = await response.text();
      expect(response.status(), `${who} ${link}`).toBe(200);
      expect(html, `${who} ${link} keeps the sidebar`).toContain('data-testid="sidebar-links"');
    }
    await context.dispose();
  }
});

test("unknown paths answer 404, anywhere", async () => {
  const context = await contextFor("anonymous");
  for (const path of [
    "/nope",
    "/locales/fr/common.json",
    "/locales/en/other.json",
    "/assets/missing-0000.js",
    "/.vite/manifest.json",
  ]) {
    expect((await context.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
  }
  await context.dispose();
  // Inside an area, a page that is not found keeps the area's top bar and sidebar.
  const beneficiary = await contextFor("BENEFICIARY");
  const response = await beneficiary.get("/beneficiary/nope", { maxRedirects: 0 });
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('data-testid="sidebar-links"');
  await beneficiary.dispose();
});

test("security headers on pages and static assets; health check", async () => {
  const context = await contextFor("anonymous");
  for (const path of ["/", "/favicon.svg", "/healthz", "/nope", "/verify", `/verify/${UNKNOWN_CODE}`]) {
    const headers = (await context.get(path)).headers();
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"], path).toContain("object-src 'none'");
    expect(headers["content-security-policy"], path).toContain("base-uri 'none'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("same-origin");
  }
  const page = await context.get("/", { headers: { "Accept-Encoding": "br, gzip" } });
  expect(["br", "gzip"]).toContain(page.headers()["content-encoding"]);
  const html = await page.text();
  const asset = html.match(/\/assets\/[\w.-]+\.css/)![0];
  expect((await context.get(asset)).headers()["cache-control"]).toContain("immutable");
  expect((await context.get("/healthz")).status()).toBe(200);
  await context.dispose();
});

test("another client's id and an id that does not exist get the same 404 page", async () => {
  const context = await contextFor("OTHER_CLERK");
  const bodyOf = async (id: string) => {
    const response = await context.get(`/clerks/document-categories/request/${id}`);
    expect(response.status()).toBe(404);
    // What the page says (its main region), the id it names aside.
    const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(await response.text())![1];
    expect(main).toContain('data-testid="no-data"');
    return main.replace(new RegExp(`\\b${id}\\b`, "g"), "{id}");
  };
  expect(await bodyOf("1")).toBe(await bodyOf("999999"));
  await context.dispose();
});

test("nothing a signed-in user gets is cached: pages, .data answers and files say no-store", async () => {
  const context = await contextFor("CLERK");
  // Demo University's request 1, and file 1 (a supporting document of it).
  for (const path of [
    "/clerks/dashboard",
    "/clerks/dashboard.data",
    "/clerks/document-categories/request/1",
    "/files/1",
    "/profile",
  ]) {
    const response = await context.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe("no-store");
  }
  await context.dispose();
});

test("a post that does not come from our pages is refused with 403: another Origin, Origin null, cross-site, a foreign Referer, or nothing said and no form token", async () => {
  const context = await playwrightRequest.newContext({ baseURL });
  const refusals: Record<string, string>[] = [
    { Origin: "https://evil.example" },
    { Origin: "null" },
    { "Sec-Fetch-Site": "cross-site" },
    { "Sec-Fetch-Site": "same-site" },
    { Referer: "https://evil.example/" },
    {},
  ];
  for (const path of ["/login", "/logout", "/language", "/register"]) {
    for (const headers of refusals) {
      const response = await context.post(path, {
        form: { email: DEMO.CLERK, password: DEMO_PASSWORD, lng: "en" },
        headers,
        maxRedirects: 0,
      });
      expect(response.status(), `${path} ${JSON.stringify(headers)}`).toBe(403);
      expect(response.headers()["set-cookie"] ?? "").not.toMatch(/session=|i18nextLng=/);
    }
  }
  // Typed in the address bar or posted from our own page: taken.
  expect(
    (
      await context.post("/login", {
        form: { email: DEMO.CLERK, password: DEMO_PASSWORD },
        headers: { "Sec-Fetch-Site": "same-origin" },
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(302);
  expect(
    (
      await context.post("/language", {
        form: { lng: "en", redirectTo: "/" },
        headers: { Origin: baseURL },
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(302);
  await context.dispose();
});
