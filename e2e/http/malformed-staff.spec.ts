import { expect, test } from "@playwright/test";
import { spawnServer } from "../spawn-server";
import { cookieOf, postMalformed, SERVER_DATABASE, target, USERS, MALFORMED_AT_LEAST } from "./malformed-inputs";

/**
 * The malformed-input suite's staff half (malformed.spec.ts has the rest): every mutation to every action route as
 * a clerk and as the super admin, on a server of its own so that it runs beside the other half.
 */
test.describe.configure({ mode: "serial" });

const PORT = 4390;
let server: Awaited<ReturnType<typeof spawnServer>>;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await spawnServer(PORT, {
    DEMO_DATA: "on",
    WEB_CONCURRENCY: "2",
    AUTH_RATE_LIMIT: "1000000",
    VERIFY_RATE_LIMIT: "1000000",
    PIN_SECRET: "malformed",
    SIGNING_KEY_SECRET: "malformed-signing",
  });
  Object.assign(target, { port: PORT, url: server.url, dataDir: server.dataDir });
  SERVER_DATABASE.url = server.databaseUrl;
});

test.afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
});

test("at least 1,500 malformed posts over every action route, as a clerk and as the super admin: no 5xx, nothing written, the server healthy", async () => {
  test.setTimeout(300_000);
  const sent = await postMalformed({
    clerk: await cookieOf(USERS.clerk),
    superAdmin: await cookieOf(USERS.superAdmin),
  });
  expect(sent).toBeGreaterThanOrEqual(MALFORMED_AT_LEAST);
});
