import { expect, test } from "@playwright/test";
import { spawnServer } from "../spawn-server";

test("verification look-ups are limited per IP, with a translated 429 page", async () => {
  test.setTimeout(90_000);
  const server = await spawnServer(4392, { DEMO_DATA: "off", VERIFY_RATE_LIMIT: "3" });
  try {
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/verify/ABCDEFGHJKMNPQRS`)).status).toBe(404);
    const limited = await fetch(`${server.url}/verify/ABCDEFGHJKMNPQRS`, { headers: { "Accept-Language": "en" } });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Too many verifications from your network");
    const arabic = await fetch(`${server.url}/verify/ABCDEFGHJKMNPQRS`, { headers: { "Accept-Language": "ar" } });
    expect(await arabic.text()).toContain("عمليات تحقق كثيرة");
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});
