import { expect, test } from "@playwright/test";
import { spawnServer } from "../spawn-server";

test("verification look-ups are limited per IP, with a translated 429 page; the API's look-ups count against the same limit", async () => {
  test.setTimeout(90_000);
  const server = await spawnServer(4392, { DEMO_DATA: "off", VERIFY_RATE_LIMIT: "3" });
  try {
    for (let i = 0; i < 2; i++) expect((await fetch(`${server.url}/verify/ABCDEFGHJKMNPQRS`)).status).toBe(404);
    const api = await fetch(`${server.url}/api/verify/ABCDEFGHJKMNPQRS`);
    // An unknown code is no verified document: 404, success false (not 200 "Verified" with a NOT_FOUND verdict).
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({
      success: false,
      error: { code: "NOT_FOUND", message: { english: "No document has this code. Check the code and try again." } },
    });
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

test("a batch counts every code against the same limit: past it, the rest are not looked up and say so", async () => {
  test.setTimeout(90_000);
  const server = await spawnServer(4381, { DEMO_DATA: "off", VERIFY_RATE_LIMIT: "3" });
  try {
    const form = new FormData();
    form.set("codes", "ABCDEFGHJKMNPQRS\nBBCDEFGHJKMNPQRS, CBCDEFGHJKMNPQRS DBCDEFGHJKMNPQRS;EBCDEFGHJKMNPQRS");
    const answer = await fetch(`${server.url}/verify/batch`, {
      method: "POST",
      body: form,
      headers: { Origin: server.url, "Accept-Language": "en" },
    });
    expect(answer.status).toBe(200);
    const page = await answer.text();
    expect(page.match(/data-verdict="NOT_FOUND"/g)).toHaveLength(3);
    expect(page.match(/data-verdict="RATE_LIMITED"/g)).toHaveLength(2);
    expect(page).toContain("Not checked: too many verifications, try again in a minute");
    expect((await fetch(`${server.url}/verify/ABCDEFGHJKMNPQRS`)).status).toBe(429);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});
