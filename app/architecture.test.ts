import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AREAS } from "./modules/access/areas";

/**
 * The layering rules of docs/architecture.md §4, checked on every file: server -> routes -> modules -> platform ->
 * utils, no cycles between module folders, SQL only in queries.server.ts, app/platform/db and migrations.
 */
const APP = path.resolve(__dirname);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const importsOf = (file: string) =>
  [...fs.readFileSync(file, "utf8").matchAll(/^\s*(?:import|export)\b[^;]*?from\s+"([^"]+)"/gm)].map(
    (match) => match[1],
  );

/** "~/x/y" or a relative import, as a path under app/ ("modules/catalogue/queries.server"). */
function resolved(file: string, specifier: string): string | null {
  if (specifier.startsWith("~/")) return specifier.slice(2);
  if (specifier.startsWith(".")) return path.relative(APP, path.resolve(path.dirname(file), specifier));
  return null;
}

const moduleFiles = sourceFiles(path.join(APP, "modules"));
const relative = (file: string) => path.relative(APP, file);

describe("layers (docs/architecture.md §4)", () => {
  it("modules import no routes, components, middleware or the server's entry", () => {
    const offenders = moduleFiles.flatMap((file) =>
      importsOf(file)
        .map((specifier) => resolved(file, specifier))
        .filter(
          (target): target is string => target !== null && /^(routes|components|middleware|server)\//.test(target),
        )
        .map((target) => `${relative(file)} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it("the platform (the database, the HTTP server, every infrastructure) imports no module, route, component, middleware or the server's entry", () => {
    const offenders = sourceFiles(path.join(APP, "platform")).flatMap((file) =>
      importsOf(file)
        .map((specifier) => resolved(file, specifier))
        .filter(
          (target): target is string =>
            target !== null && /^(modules|routes|components|middleware|server)\//.test(target),
        )
        .map((target) => `${relative(file)} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it("utils (pure helpers for the server and the browser) import only each other", () => {
    const offenders = sourceFiles(path.join(APP, "utils")).flatMap((file) =>
      importsOf(file)
        .map((specifier) => resolved(file, specifier))
        .filter((target): target is string => target !== null && !target.startsWith("utils/"))
        .map((target) => `${relative(file)} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it("infrastructure lives in the platform: app/ holds no db/ folder, and app/server only the entry that wires it", () => {
    expect(fs.existsSync(path.join(APP, "db"))).toBe(false);
    // The production entry (server.js builds it) hands the listener the pages it answers itself and starts the
    // background work; it is the one place above the routes.
    expect(fs.readdirSync(path.join(APP, "server")).sort()).toEqual([
      "app.ts",
      "demo-accounts.server.ts",
      "demo-accounts.test.ts",
      "retention.server.ts",
      "retention.test.ts",
      "unavailable.tsx",
    ]);
  });

  it("not-found and forbidden are answered one way: the access module's helpers (the API has its own error helper)", () => {
    // A literal 403 or 404 as a status, or a hand-made not-found body, is a second way.
    const SECOND_WAY = /data\(\{ reason: "not-found" \}|status:\s*40[34]\b|[,(]\s*40[34]\s*\)/;
    const offenders = sourceFiles(APP)
      .filter((file) => !/^(modules\/access|routes\/api|test)\//.test(relative(file)))
      .filter((file) => SECOND_WAY.test(fs.readFileSync(file, "utf8")))
      .map(relative);
    expect(offenders).toEqual([]);
  });

  it("a form's intent is read by a zod schema (a discriminated union where there are several), not compared by hand", () => {
    const BY_HAND = /\.get\("intent"\)\s*(!==|===)|switch \(\w+\.get\("intent"\)\)|reason: "bad-intent"/;
    const offenders = sourceFiles(APP)
      .filter((file) => relative(file) !== "platform/http/body.server.ts")
      .filter((file) => BY_HAND.test(fs.readFileSync(file, "utf8")))
      .map(relative);
    expect(offenders).toEqual([]);
  });

  it("a form is set up one way: conform, through useZodForm (validating with the server's zod schema) or useServerForm", () => {
    const offenders = sourceFiles(APP)
      .filter((file) => !["components/forms/conform.ts", "components/forms/zod-form.ts"].includes(relative(file)))
      .filter((file) => /\buseForm\(|\buseForm</.test(fs.readFileSync(file, "utf8")))
      .map(relative);
    expect(offenders).toEqual([]);
  });

  it("an API operation's capability is declared once, in its definition: handlers check scope only", () => {
    const offenders = sourceFiles(path.join(APP, "routes", "api", "operations"))
      .filter((file) => /requirePermission\(/.test(fs.readFileSync(file, "utf8")))
      .map(relative);
    expect(offenders).toEqual([]);
  });

  it("a service that may refuse answers one shape, Outcome (platform/outcome.ts), built by done() and refused()", () => {
    // A check that answers a verdict its caller branches on (a PIN's) is not a refusal, nor is what a worker
    // thread posts back (the PDF inspection's, the stamp's).
    const OTHER_SHAPE = /\bok: false\b|Promise<"ok"|Promise<\{ (ok|status): /;
    const offenders = moduleFiles
      .filter((file) => !/(pdf-inspect|stamp)\.server\.ts$/.test(file))
      .filter((file) => OTHER_SHAPE.test(fs.readFileSync(file, "utf8")))
      .map(relative);
    expect(offenders).toEqual([]);
  });

  it("a service answers a refusal as a refusal, not as false: no service.server.ts returns a boolean", () => {
    const offenders = moduleFiles
      .filter((file) => file.endsWith("service.server.ts"))
      .filter((file) => /\breturn (true|false);/.test(fs.readFileSync(file, "utf8")))
      .map(relative);
    expect(offenders).toEqual([]);
  });

  it("a refusal is thrown one way: a Refusal (an Outcome's refusal thrown), never a module's own Error class or data()", () => {
    // Errors that are no refusal stay: a worker's signal that a file costs too much (answered as a refusal by its
    // caller), a lookup's network error, a job's lost claim.
    const NOT_REFUSALS = /\/(pkcs12|post|runner)\.server\.ts$/;
    const OTHER_SHAPE = /class \w+ extends Error\b|throw data\(/;
    const offenders = moduleFiles
      .filter((file) => !NOT_REFUSALS.test(file))
      .filter((file) => OTHER_SHAPE.test(fs.readFileSync(file, "utf8")))
      .map(relative);
    expect(offenders).toEqual([]);
  });

  it("a route answers a refusal through the one bridge (replyRefused, replyInvalid, refusalAnswer, apiRefusal), not by a status of its own or a fake form", () => {
    // The verification pages render themselves outside React Router (docs/architecture.md §7): their states are their own.
    const BY_HAND = /status:\s*4\d\d\b|new FormData\(\)/;
    const offenders = sourceFiles(path.join(APP, "routes"))
      .filter((file) => !/\.test\.tsx?$/.test(file) && relative(file) !== "routes/verify/page.server.tsx")
      .filter((file) => BY_HAND.test(fs.readFileSync(file, "utf8")))
      .map(relative);
    expect(offenders).toEqual([]);
  });

  it("each URL is written once: the areas' screens are read from routes.ts, the listener's paths from one table", () => {
    // A path in a string (comments may name one).
    const PATH_LITERAL = /^(?!\s*(\/\/|\*)).*["]\/[a-z]/m;
    const offenders = ["modules/access/areas.ts", "platform/server/listener.ts", "platform/server/static-files.ts"]
      .filter((file) => PATH_LITERAL.test(fs.readFileSync(path.join(APP, file), "utf8")))
      .map((file) => file);
    expect(offenders).toEqual([]);
    const missing = Object.values(AREAS).flatMap((area) =>
      area.sidebar.filter((entry) => !area.screens[entry.screen]).map((entry) => `${area.key}: ${entry.screen}`),
    );
    expect(missing).toEqual([]);
  });

  it("a list screen reads its page through the one list loader (listScreenData), and counts and cuts with pageOf", () => {
    const BY_HAND = /\bpagingOf\(|\.offset\(/;
    const offenders = sourceFiles(APP)
      .filter(
        (file) => !/^(platform\/paging\.ts|platform\/db\/paging\.ts|api\/|routes\/api\/|test\/)/.test(relative(file)),
      )
      .filter((file) => BY_HAND.test(fs.readFileSync(file, "utf8")))
      .map(relative);
    expect(offenders).toEqual([]);
  });

  it("migrations import nothing from app/ (a landed migration must not change when the app's code does)", () => {
    const folder = path.join(APP, "..", "migrations");
    // An earlier migration is as immutable as the one that builds on it (a table made again goes back to it).
    const earlierMigration = (name: string, specifier: string) =>
      /^\.\/\d{4}-\d{2}-\d{2}T\d{4}_[\w-]+$/.test(specifier) && `${specifier.slice(2)}.ts` < name;
    const offenders = fs
      .readdirSync(folder)
      .filter((name) => name.endsWith(".ts"))
      .flatMap((name) =>
        importsOf(path.join(folder, name))
          .filter((specifier) => specifier.startsWith(".") || specifier.startsWith("~/"))
          .filter((specifier) => !earlierMigration(name, specifier))
          .map((specifier) => `${name} -> ${specifier}`),
      );
    expect(offenders).toEqual([]);
  });

  it("module folders import each other without cycles", () => {
    const folderOf = (target: string) => target.split("/")[1];
    const edges = new Map<string, Set<string>>();
    for (const file of moduleFiles) {
      const from = folderOf(relative(file));
      for (const specifier of importsOf(file)) {
        const target = resolved(file, specifier);
        if (!target?.startsWith("modules/")) continue;
        const to = folderOf(target);
        if (to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    const cycles: string[] = [];
    const visit = (node: string, trail: string[]) => {
      for (const next of edges.get(node) ?? []) {
        if (trail.includes(next)) cycles.push([...trail.slice(trail.indexOf(next)), next].join(" -> "));
        else visit(next, [...trail, next]);
      }
    };
    for (const node of edges.keys()) visit(node, [node]);
    expect(cycles).toEqual([]);
  });

  it("SQL only in queries.server.ts, app/platform/db and migrations", () => {
    const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto)\(|\bsql`|\bsql\.raw\(/;
    const offenders = sourceFiles(APP)
      .filter(
        (file) =>
          !file.endsWith("queries.server.ts") &&
          !relative(file).startsWith("platform/db/") &&
          !relative(file).startsWith("test/"),
      )
      .filter((file) => SQL.test(fs.readFileSync(file, "utf8")))
      .map(relative);
    expect(offenders).toEqual([]);
  });
});
