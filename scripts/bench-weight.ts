// What a first visit downloads, page by page (docs/architecture.md §11, weight): the gzip bytes of the HTML, the CSS
// and the JavaScript the page names (its stylesheets, scripts and module preloads), and for the beneficiary's
// journey what the browser fetches once over its pages. Run alone with `npm run bench:weight` (it builds
// and starts its own server) or from `npm run bench`.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

export const WEIGHT_BUDGETS = { jsPerPage: 155_000, journey: 300_000, css: 12_000, lightFirstVisit: 30_000 };
/** The light version's pages (docs/decisions/0028) are named with this prefix: no script, HTML and CSS within budget. */
const LIGHT = "light: ";

const gzipBytes = (body: Buffer) => zlib.gzipSync(body, { level: 9 }).length;

/** The assets an HTML page names: stylesheets, module scripts and preloads (React Router lists a route's modules). */
function assetsOf(html: string) {
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((match) => match[1]);
  const js = [
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((match) => match[1]),
    ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]),
    // The entry's own import() of the manifest and the route modules, written inline.
    ...[...html.matchAll(/import\("([^"]+\.js)"\)/g)].map((match) => match[1]),
  ];
  return { css: [...new Set(css)], js: [...new Set(js)] };
}

interface PageWeight {
  name: string;
  html: number;
  css: number;
  js: number;
  files: string[];
}

/** Each page's first-visit weight, and the journey's (assets counted once, as the browser caches them). */
export async function pageWeights(
  baseUrl: string,
  pages: { name: string; path: string; cookie?: string; saveData?: boolean }[],
) {
  const sizes = new Map<string, number>();
  const sizeOf = async (url: string) => {
    if (!sizes.has(url))
      sizes.set(url, gzipBytes(Buffer.from(await (await fetch(new URL(url, baseUrl))).arrayBuffer())));
    return sizes.get(url)!;
  };
  const weights: PageWeight[] = [];
  for (const page of pages) {
    const response = await fetch(`${baseUrl}${page.path}`, {
      headers: { ...(page.cookie ? { Cookie: page.cookie } : {}), ...(page.saveData ? { "Save-Data": "on" } : {}) },
    });
    if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
    const html = await response.text();
    const { css, js } = assetsOf(html);
    let cssBytes = 0;
    let jsBytes = 0;
    for (const url of css) cssBytes += await sizeOf(url);
    for (const url of js) jsBytes += await sizeOf(url);
    weights.push({
      name: page.name,
      html: gzipBytes(Buffer.from(html)),
      css: cssBytes,
      js: jsBytes,
      files: [...css, ...js],
    });
  }
  return weights;
}

/** The report's lines and whether every budget holds; `journey` names the pages of the beneficiary's journey. */
export function weightReport(weights: PageWeight[], journey: string[], sizes: (file: string) => number) {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  const lines: string[] = [];
  let ok = true;
  for (const page of weights) {
    const light = page.name.startsWith(LIGHT);
    const misses = [
      page.js > (light ? 0 : WEIGHT_BUDGETS.jsPerPage) ? `JS over ${kb(light ? 0 : WEIGHT_BUDGETS.jsPerPage)}` : "",
      page.css > WEIGHT_BUDGETS.css ? `CSS over ${kb(WEIGHT_BUDGETS.css)}` : "",
      light && page.html + page.css > WEIGHT_BUDGETS.lightFirstVisit
        ? `HTML and CSS over ${kb(WEIGHT_BUDGETS.lightFirstVisit)}`
        : "",
    ].filter(Boolean);
    ok &&= misses.length === 0;
    lines.push(
      `${misses.length ? "MISS" : "ok  "} ${page.name.padEnd(34)} HTML ${kb(page.html).padStart(9)}  CSS ${kb(page.css).padStart(9)}  JS ${kb(page.js).padStart(9)}  (${page.files.length} files)${misses.length ? `: ${misses.join("; ")}` : ""}`,
    );
  }
  const journeyPages = weights.filter((page) => journey.includes(page.name));
  const files = new Set(journeyPages.flatMap((page) => page.files));
  const total =
    journeyPages.reduce((sum, page) => sum + page.html, 0) + [...files].reduce((sum, file) => sum + sizes(file), 0);
  const journeyOk = total <= WEIGHT_BUDGETS.journey;
  ok &&= journeyOk;
  lines.push(
    `${journeyOk ? "ok  " : "MISS"} the beneficiary's journey (${journey.join(", ")}): ${kb(total)} in all, each file once (budget ${kb(WEIGHT_BUDGETS.journey)})`,
  );
  return { lines, ok };
}

/** Alone: the build of the current sources, and a server of its own on a fresh SQLite database with the demo data. */
async function main() {
  if (spawnSync("npx", ["react-router", "build"], { stdio: "ignore" }).status !== 0)
    throw new Error("the build failed");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "attest-weight-"));
  const port = 4396;
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: `file:${path.join(dir, "app.db")}`,
      STORAGE_DIR: path.join(dir, "files"),
      SESSION_SECRET: "weight",
      PIN_SECRET: "weight",
      SIGNING_KEY_SECRET: "weight",
      DEMO_DATA: "on",
      WEB_CONCURRENCY: "1",
    },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if ((await fetch(`${url}/healthz`).catch(() => null))?.status === 200) break;
      if (i > 300) throw new Error("the server did not start");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const { lines, ok } = await measureWeights(url);
    for (const line of lines) console.log(line);
    process.exitCode = ok ? 0 : 1;
  } finally {
    child.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function signIn(url: string, email: string) {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    headers: { Origin: url },
    body: new URLSearchParams({ email, password: "Demo-Pass-2026" }),
    redirect: "manual",
  });
  return response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .filter((value) => /session=.+/.test(value))
    .at(-1)!;
}

/** The pages measured: the beneficiary's journey, and the staff pages most used. */
export async function measureWeights(url: string) {
  const beneficiary = await signIn(url, "beneficiary@example.com");
  const clerk = await signIn(url, "clerk@example.com");
  // The beneficiary's newest request, from their list.
  const list = await (await fetch(`${url}/beneficiary/request-document`, { headers: { Cookie: beneficiary } })).text();
  const request = /href="(\/beneficiary\/request-document\/\d+)"/.exec(list)?.[1];
  if (!request) throw new Error("the demo beneficiary has no request");
  const pages = [
    { name: "sign-in", path: "/login" },
    { name: "verify", path: "/verify" },
    { name: "wizard, first step", path: "/beneficiary/request-document/create", cookie: beneficiary },
    { name: "my requests", path: "/beneficiary/request-document", cookie: beneficiary },
    { name: "a request", path: request, cookie: beneficiary },
    { name: "clerk's dashboard", path: "/clerks/dashboard", cookie: clerk },
    { name: "clerk's work queue", path: "/clerks/requests", cookie: clerk },
  ];
  // The same pages in the light version (Save-Data: on): a first visit's HTML and CSS, and no script.
  const weights = await pageWeights(url, [
    ...pages,
    ...pages.map((page) => ({ ...page, name: `${LIGHT}${page.name}`, saveData: true })),
  ]);
  const sizes = new Map<string, number>();
  for (const file of new Set(weights.flatMap((page) => page.files)))
    sizes.set(file, gzipBytes(Buffer.from(await (await fetch(new URL(file, url))).arrayBuffer())));
  return weightReport(
    weights,
    ["sign-in", "wizard, first step", "my requests", "a request"],
    (file) => sizes.get(file) ?? 0,
  );
}

if (process.argv[1]?.endsWith("bench-weight.ts")) await main();
