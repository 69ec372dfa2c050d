import { describe, expect, it, vi } from "vitest";
import { logger } from "~/platform/log/logger.server";
import { createSeededTestDb } from "~/test/db";
import { printDemoAccounts } from "./demo-accounts.server";

describe("the start-up's demo accounts", () => {
  it("are one readable block and one log line: no empty note in parentheses", async () => {
    await createSeededTestDb();
    const info = vi.spyOn(logger, "info").mockImplementation(() => {});
    const block = (await printDemoAccounts())!;
    expect(info).toHaveBeenCalledTimes(1);
    info.mockRestore();
    expect(block).not.toMatch(/, \)|\(\)/);
    expect(block).toMatch(/^ {2}superadmin@example\.com +SUPER_ADMIN$/m);
    expect(block).toMatch(/^ {2}clerk@example\.com +CLERK \(Demo University\)$/m);
    expect(block).toContain("/verify/");
  });
});
