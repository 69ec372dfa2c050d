import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";
import { pathsById, pathsFromManifest } from "~/route-config";

/** The route manifest's shape, as React Router writes it for the browser: each route, its parent and its own path. */
function manifestOf(entries: RouteConfigEntry[], parentId = "root", into: Record<string, object> = {}) {
  for (const entry of entries) {
    const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
    into[id] = { id, parentId, path: entry.path, index: entry.index };
    manifestOf(entry.children ?? [], id, into);
  }
  return into;
}

describe("the route table in the browser", () => {
  it("gives every area screen the path the server gives it", () => {
    const manifest = { root: { id: "root", path: "" }, ...manifestOf(routes) };
    const inBrowser = pathsFromManifest(manifest);
    for (const [id, path] of pathsById(routes)) expect([id, inBrowser.get(id)]).toEqual([id, path]);
  });
});
