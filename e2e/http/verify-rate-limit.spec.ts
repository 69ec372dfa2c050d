import { expect, test } from "@playwright/test";
import { spawnServer } from "../spawn-server";

test("verification look-ups are limited per IP, with a translated 429 page; the API's look-ups count against the same limit", async () => {
  test.setTimeout(90_000);
  const server = await spawnServer(4392, { DEMO_DATA: "off", VERIFY_RATE_LIMIT: "3" });
  try {
    for (let i = 0; i < 2; i++) expect((await fetch(`${server.url}/verify/ABCDEFGHJKMNPQRS`)).status).toBe(404);
    const api = await fetch(`${server.url}/api/verify/ABCDEFGHJKMNPQRS`);
    expect(api.status).toBe(200);
    expect(((await api.json()) as { data: { verdict: string } }).data.verdict).toBe("NOT_FOUND");
    const apiLimited = await fetch(`${server.url}/api/verify/ABCDEFGHJKMNPQRS`);
    expect(apiLimited.status).toBe(429);
    expect(apiLimited.headers.get("Retry-After")).toBe("60");
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
