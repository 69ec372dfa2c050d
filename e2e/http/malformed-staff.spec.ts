import { expect, test } from "@playwright/test";
import { cookieOf, postMalformed, serveMalformedSuite, USERS, MALFORMED_AT_LEAST } from "./malformed-inputs";

/**
 * The malformed-input suite's staff half (malformed.spec.ts has the rest): every mutation to every action route as
 * a clerk and as the super admin, on a server of its own so that it runs beside the other half.
 */
test.describe.configure({ mode: "serial" });

serveMalformedSuite(4390);

test("at least 1,500 malformed posts over every action route, as a clerk and as the super admin: no 5xx, nothing written, the server healthy", async () => {
  test.setTimeout(300_000);
  const sent = await postMalformed({
    clerk: await cookieOf(USERS.clerk),
    superAdmin: await cookieOf(USERS.superAdmin),
  });
  expect(sent).toBeGreaterThanOrEqual(MALFORMED_AT_LEAST);
});
