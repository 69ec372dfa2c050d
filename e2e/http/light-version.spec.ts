import zlib from "node:zlib";
import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { AREAS } from "../../app/modules/access";
import { ROLE_OF_AREA, ROUTES } from "../route-table";
import { DEMO, sessionCookieAt, type DemoRole } from "../support";

/**
 * The light version (docs/decisions/0028): with `Save-Data: on`, or once chosen, every page comes without a script or
 * a module preload; the choice is remembered and "Full version" brings the scripts back.
 */
const SCRIPTED = /<script\b|rel="modulepreload"|rel="prefetch"/;
const ROLE_OF: Record<string, DemoRole> = { ...ROLE_OF_AREA, shared: "CLERK" };
// The offline verifier is a script (its service worker keeps it and its lists): without one there is nothing to run.
const NOT_PAGES = ["/logout", "/language", "/version", "/verify/offline"];
const isPage = (route: (typeof ROUTES)[number]) => route.file.endsWith(".tsx") && !NOT_PAGES.includes(route.path);

test("with Save-Data: on, every page of every area comes without a script, a module preload or a prefetch", async () => {
  test.setTimeout(120_000);
  const cookies = new Map<string, string>();
  const failures: string[] = [];
  let walked = 0;
  for (const route of ROUTES.filter(isPage)) {
    const role = route.area ? ROLE_OF[route.area] : null;
    if (route.area && !(route.area in AREAS)) continue;
    if (role && !cookies.has(role)) cookies.set(role, await sessionCookieAt(baseURL, DEMO[role]));
    const response = await fetch(`${baseURL}${route.path}`, {
      headers: { "Save-Data": "on", ...(role ? { Cookie: cookies.get(role)! } : {}) },
      redirect: "manual",
    });
    if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) continue;
    const html = await response.text();
    walked += 1;
    if (SCRIPTED.test(html)) failures.push(`${route.path} (${response.status}): ${SCRIPTED.exec(html)![0]}`);
  }
  expect(walked).toBeGreaterThan(100);
  expect(failures).toEqual([]);
});

test("the choice is remembered: Light version without Save-Data, Full version over it; the page's HTML and CSS fit 30 KB gzipped", async () => {
  const page = `${baseURL}/login`;
  expect(await (await fetch(page)).text()).toMatch(SCRIPTED);
  const choose = async (version: string, cookie = "") => {
    const answer = await fetch(`${baseURL}/version`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams({ version, redirectTo: "/login" }),
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/login");
    return answer.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .find((pair) => pair.startsWith("version="))!;
  };
  const light = await choose("light");
  const lightPage = await (await fetch(page, { headers: { Cookie: light } })).text();
  expect(lightPage).not.toMatch(SCRIPTED);
  expect(lightPage).toContain('value="full"');
  const full = await choose("full", light);
  expect(await (await fetch(page, { headers: { Cookie: full, "Save-Data": "on" } })).text()).toMatch(SCRIPTED);

  // A first visit of the light version: the page and its one stylesheet.
  const stylesheet = /<link[^>]* rel="stylesheet" href="([^"]+)"/.exec(lightPage)![1];
  const css = Buffer.from(await (await fetch(`${baseURL}${stylesheet}`)).arrayBuffer());
  const weight = zlib.gzipSync(lightPage).byteLength + zlib.gzipSync(css).byteLength;
  expect(weight).toBeLessThanOrEqual(30 * 1024);
});
