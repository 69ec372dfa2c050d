import http from "node:http";
import { expect, test } from "@playwright/test";
import { spawnServer } from "../spawn-server";

test("SIGTERM lets in-flight requests finish, closes the database and exits 0", async () => {
  test.setTimeout(60_000);
  const server = await spawnServer(4391, { DEMO_DATA: "off" });
  const body = "email=someone%40example.com&password=wrong-password";
  const half = Math.floor(body.length / 2);
  const { port } = new URL(server.url);
  // A sign-in whose body arrives slowly: it is in flight when SIGTERM comes.
  const response = new Promise<number>((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, path: "/login", method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": body.length } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.write(body.slice(0, half));
    setTimeout(() => {
      server.child.kill("SIGTERM");
      setTimeout(() => request.end(body.slice(half)), 300);
    }, 300);
  });
  expect(await response).toBe(400);
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain("SIGTERM received");
  expect(server.output()).toContain("Stopped.");
});
