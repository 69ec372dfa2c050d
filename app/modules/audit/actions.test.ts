import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import ar from "../../../locales/ar/common.json";
import en from "../../../locales/en/common.json";

/** Every action the code records: the literal ones, and the people screens' `<role>.<what>` (people/service.server.ts). */
function recordedActions() {
  const actions = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.server\.ts$|\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
        for (const [, action] of fs.readFileSync(file, "utf8").matchAll(/action: "([a-z_]+\.[a-z_.]+)"/g))
          actions.add(action);
    }
  };
  walk(path.resolve(__dirname, "../.."));
  for (const role of ["service_admin", "client_admin", "clerk", "beneficiary"])
    for (const what of ["create", "update", "sign_out_everywhere", "reset_link", "deactivate", "reactivate"])
      actions.add(`${role}.${what}`);
  for (const what of ["create", "update", "publish", "unpublish", "delete"]) actions.add(`announcement.${what}`);
  return [...actions].sort();
}

const labelOf = (locale: unknown, action: string) =>
  action
    .split(".")
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      (locale as { audit: { actions: unknown } }).audit.actions,
    );

describe("the audit trail's actions", () => {
  it("are each named in both languages: none is shown as Other action", () => {
    const actions = recordedActions();
    expect(actions.length).toBeGreaterThan(60);
    const unnamed = actions.filter(
      (action) => typeof labelOf(en, action) !== "string" || typeof labelOf(ar, action) !== "string",
    );
    expect(unnamed).toEqual([]);
  });
});
