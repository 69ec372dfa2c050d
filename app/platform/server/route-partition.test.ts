import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { firstSegmentOf, partitionBuild } from "./route-partition";

type BuildRoutes = ServerBuild["routes"];

/** The app's route config as the build lists it: flat, each route naming its parent, under `root`. */
function buildRoutesOf(config: RouteConfigEntry[]): BuildRoutes {
  const flat: BuildRoutes = { root: { id: "root", path: "", module: {} as never } };
  const visit = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      flat[id] = {
        id,
        parentId,
        path: entry.path,
        index: entry.index,
        caseSensitive: entry.caseSensitive,
        module: {} as never,
      };
      visit(entry.children ?? [], id);
    }
  };
  visit(config, "root");
  return flat;
}

function treeOf(flat: BuildRoutes, parentId?: string): RouteObject[] {
  return Object.values(flat)
    .filter((route) => route?.parentId === parentId)
    .map((route) =>
      route!.index
        ? { id: route!.id, index: true, path: route!.path }
        : { id: route!.id, path: route!.path, children: treeOf(flat, route!.id) },
    );
}

const matchedIds = (flat: BuildRoutes, pathname: string) => {
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) || "/" : pathname;
  return (matchRoutes(treeOf(flat), path) ?? []).map((match) => match.route.id);
};

/** Every route's path with its parameters filled in, plus URLs a client may send that no route names. */
function samplePaths(flat: BuildRoutes): string[] {
  const fullPath = (id: string): string => {
    const route = flat[id]!;
    return `${route.parentId ? fullPath(route.parentId) : ""}/${route.path ?? ""}`;
  };
  const paths = Object.keys(flat).map(
    (id) =>
      `/${fullPath(id)
        .split("/")
        .filter(Boolean)
        .map((segment) => (segment.startsWith(":") ? "7" : segment === "*" ? "anything" : segment))
        .join("/")}`,
  );
  const variants = paths.flatMap((path) => [
    path,
    path.toUpperCase(),
    `${path}/`,
    `${path === "/" ? "/_root" : path}.data`,
    `${path}/extra/segments`,
  ]);
  return [
    ...variants,
    "/",
    "//clerks/dashboard",
    "/%63lerks/dashboard",
    "/%E0%A4%A",
    "/unknown",
    "/__manifest",
    "/clerks%2Fdashboard",
  ];
}

describe("partitionBuild", () => {
  const flat = buildRoutesOf(routes as RouteConfigEntry[]);
  const build = { routes: flat, assets: { routes: {} } } as unknown as ServerBuild;
  const partFor = partitionBuild(build, (part) => part);

  it("matches every URL to the same routes as the whole build, with far fewer routes to walk", () => {
    const paths = samplePaths(flat);
    expect(paths.length).toBeGreaterThan(400);
    for (const path of paths)
      expect({ path, ids: matchedIds(partFor(path).routes, path) }).toEqual({ path, ids: matchedIds(flat, path) });
    const total = Object.keys(flat).length;
    expect(total).toBeGreaterThan(100);
    expect(Object.keys(partFor("/login").routes).length).toBeLessThan(total / 4);
    expect(Object.keys(partFor("/clerks/document-categories/requests/1").routes).length).toBeLessThan(total / 2);
  }, 60_000); // about 5 s alone; a loaded machine (tests and a browser run side by side) takes longer

  it("keeps one part per fixed first segment: unknown URLs share one", () => {
    expect(partFor("/nowhere-1")).toBe(partFor("/nowhere-2"));
    expect(partFor("/login")).toBe(partFor("/LOGIN"));
    expect(partFor("/login")).not.toBe(partFor("/register"));
  });

  it("reads the first segment as React Router does", () => {
    expect(firstSegmentOf("/Clerks/dashboard")).toBe("clerks");
    expect(firstSegmentOf("/%63lerks")).toBe("clerks");
    expect(firstSegmentOf("/login.data")).toBe("login");
    expect(firstSegmentOf("/")).toBe("");
    expect(firstSegmentOf("/%E0%A4%A")).toBe("%e0%a4%a");
  });
});
