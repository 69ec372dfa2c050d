import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { baseURL } from "../../playwright.config";
import { DEMO, DEMO_PASSWORD, type DemoRole } from "../support";

/** Every concrete path of routes.ts (params filled with samples), with whether it is an area index. */
function flatten(entries: RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    const self = entry.path !== undefined || entry.index ? [{ path: path || "/", file: entry.file }] : [];
    return [...self, ...flatten(entry.children ?? [], path)];
  });
}

const UNKNOWN_CODE = "ABCDEFGHJKMNPQRS";
// Demo data: category 1 and request 1 belong to Demo University; user 6 is beneficiary@example.com.
const SAMPLE_PARAMS: Record<string, string> = { lng: "en", file: "common.json", code: UNKNOWN_CODE, beneficiaryId: "6" };
const PATHS = flatten(routes)
  .filter((route) => !route.path.includes("*"))
  .map((route) => ({ ...route, path: route.path.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? "1") }));

const AREA_ROLE: Record<string, DemoRole> = {
  "super-admin": "SUPER_ADMIN",
  "service-admin": "SERVICE_ADMIN",
  "client-admin": "CLIENT_ADMIN",
  clerks: "CLERK",
  beneficiary: "BENEFICIARY",
};
/** Public paths and their status for anyone (an unknown verification code is NOT FOUND). */
const PUBLIC: Record<string, number> = {
  "/": 200,
  "/healthz": 200,
  "/locales/en/common.json": 200,
  "/verify": 200,
  [`/verify/${UNKNOWN_CODE}`]: 404,
  [`/verify/${UNKNOWN_CODE}/qr.svg`]: 200,
  [`/verify/${UNKNOWN_CODE}/document`]: 404,
};
const GUEST_ONLY = new Set(["/login", "/register"]);
const POST_ONLY = new Set(["/logout", "/language"]);

type Who = DemoRole | "anonymous";

function expected(path: string, who: Who): { status: number; location?: RegExp } {
  if (path in PUBLIC) return { status: PUBLIC[path] };
  if (POST_ONLY.has(path)) return { status: 405 };
  if (GUEST_ONLY.has(path)) return who === "anonymous" ? { status: 200 } : { status: 302, location: /^\/profile$/ };
  if (who === "anonymous") return { status: 302, location: /^\/login\?redirectTo=/ };
  // The shared dashboard group's catalogue and request screens are for staff; service admins only look at requests.
  if (/^\/(document-categories|document-required-fields|document-supporting-documents)(\/|$)/.test(path)) {
    if (who === "BENEFICIARY") return { status: 403 };
    const requestScreen = /\/requests?\//.test(path);
    if (who === "SERVICE_ADMIN" && (!requestScreen || /\/(issue|edit)\b/.test(path))) return { status: 403 };
    // Without `documentCategoryId` the field and document-type screens say 'Missing category data'.
    if (!path.startsWith("/document-categories")) return { status: 400 };
  }
  const areaRole = AREA_ROLE[path.split("/")[1]];
  if (areaRole && areaRole !== who) return { status: 403 };
  const isRedirect = path === "/dashboard" || Object.keys(AREA_ROLE).some((area) => path === `/${area}`);
  return isRedirect ? { status: 302, location: /\/dashboard$/ } : { status: 200 };
}

async function contextFor(who: Who): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL });
  if (who !== "anonymous") {
    const response = await context.post("/login", { form: { email: DEMO[who], password: DEMO_PASSWORD }, maxRedirects: 0 });
    expect(response.status(), `sign-in of ${who}`).toBe(302);
  }
  return context;
}

test("routes.ts has the areas and screens the matrix walks", () => {
  expect(PATHS.length).toBeGreaterThan(15);
  for (const area of Object.keys(AREA_ROLE)) expect(PATHS.map((route) => route.path)).toContain(`/${area}/dashboard`);
});

for (const who of ["anonymous", ...Object.keys(DEMO)] as Who[]) {
  test(`authorization matrix: every route as ${who}`, async () => {
    const context = await contextFor(who);
    const failures: string[] = [];
    for (const route of PATHS) {
      const response = await context.get(route.path, { maxRedirects: 0 });
      const want = expected(route.path, who);
      const location = response.headers()["location"] ?? "";
      if (response.status() !== want.status || (want.location && !want.location.test(location))) {
        failures.push(`${route.path}: got ${response.status()} ${location}, want ${want.status} ${want.location ?? ""}`);
      }
    }
    await context.dispose();
    expect(failures).toEqual([]);
  });
}

test("unknown paths answer 404, anywhere", async () => {
  const context = await contextFor("anonymous");
  for (const path of ["/nope", "/beneficiary/nope", "/locales/fr/common.json", "/locales/en/other.json"]) {
    expect((await context.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
  }
  await context.dispose();
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

test("a cross-site post to an action is refused", async () => {
  const context = await contextFor("anonymous");
  const response = await context.post("/login", {
    form: { email: DEMO.CLERK, password: DEMO_PASSWORD },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(response.status()).toBeGreaterThanOrEqual(400);
  expect(response.headers()["set-cookie"] ?? "").not.toMatch(/session=/);
  await context.dispose();
});
