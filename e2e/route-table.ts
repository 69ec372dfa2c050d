import type { RouteConfigEntry } from "@react-router/dev/routes";
import fs from "node:fs";
import routes from "../app/routes";
import { AREAS } from "../app/modules/access";
import type { DemoRole } from "./support";

/** Who opens each role area's screens in the walks over routes.ts (the shared screens: each walk says who). */
export const ROLE_OF_AREA: Record<string, DemoRole> = {
  "super-admin": "SUPER_ADMIN",
  "service-admin": "SERVICE_ADMIN",
  "client-admin": "CLIENT_ADMIN",
  clerks: "CLERK",
  beneficiary: "BENEFICIARY",
};

/** Every route of routes.ts with its full path, module, area and whether it has an action. */
export interface RouteRow {
  path: string;
  file: string;
  area: keyof typeof AREAS | null;
  hasAction: boolean;
}

export function flatten(entries: RouteConfigEntry[], parent = "", area: RouteRow["area"] = null): RouteRow[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    const layoutArea = entry.file.match(/routes\/areas\/([\w-]+)\.tsx$/)?.[1] as RouteRow["area"] | undefined;
    const inArea = layoutArea && layoutArea in AREAS ? layoutArea : area;
    const source = fs.readFileSync(`app/${entry.file}`, "utf8");
    const self =
      entry.path !== undefined || entry.index
        ? [
            {
              path: path || "/",
              file: entry.file,
              area: inArea,
              hasAction: /export (async function|function|const) action\b/.test(source),
            },
          ]
        : [];
    return [...self, ...flatten(entry.children ?? [], path, inArea)];
  });
}

export const UNKNOWN_CODE = "ABCDEFGHJKMNPQRS";
// Demo data: category 1, request 1, attestation 1 and client 1 belong to Demo University; user 6 is
// beneficiary@example.com, who asked for attestation 1.
const SAMPLE_PARAMS: Record<string, string> = {
  lng: "en",
  file: "common.json",
  code: UNKNOWN_CODE,
  beneficiaryId: "6",
  // No bulk job has this id: the job routes answer 404 to whoever passes their guard (the bulk test reads its own).
  jobId: "999999",
};
// People screens take a user id of their kind: user 2 is serviceadmin@, user 3 clientadmin@ and user 4
// clerk@ (both of Demo University), user 6 beneficiary@.
const SAMPLE_USER_IDS: Record<string, string> = {
  "service-admin": "2",
  "client-admin": "3",
  clerk: "4",
  beneficiary: "6",
};
const sampleIdOf = (file: string) =>
  SAMPLE_USER_IDS[
    file.match(/^routes\/admin\/(service-admin|client-admin|clerk|beneficiary)(-form)?\.tsx$/)?.[1] ?? ""
  ] ?? "1";

/** routes.ts's routes (not the splats) with sample parameters filled in. */
export const ROUTES = flatten(routes)
  .filter((route) => !route.path.includes("*"))
  .map((route) => ({
    ...route,
    path: route.path.replace(/:(\w+)/g, (_, name: string) =>
      name === "id" ? sampleIdOf(route.file) : (SAMPLE_PARAMS[name] ?? "1"),
    ),
  }));
