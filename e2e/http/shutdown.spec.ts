import http from "node:http";
import { expect, test } from "@playwright/test";
import { spawnServer } from "../spawn-server";

test("SIGTERM lets the in-flight requests of every worker finish, closes the database and exits 0", async () => {
  test.setTimeout(60_000);
  const server = await spawnServer(4391, { DEMO_DATA: "off", WEB_CONCURRENCY: "2" });
  const body = "email=someone%40example.com&password=wrong-password";
  const half = Math.floor(body.length / 2);
  const { port } = new URL(server.url);
  // Two sign-ins whose bodies arrive slowly, on two connections (so on both workers): in flight when SIGTERM comes.
  const slowSignIn = () =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/login",
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": body.length,
            Origin: server.url,
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      request.on("error", reject);
      request.write(body.slice(0, half));
      setTimeout(() => request.end(body.slice(half)), 900);
    });
  const responses = [slowSignIn(), slowSignIn()];
  setTimeout(() => server.child.kill("SIGTERM"), 300);
  expect(await Promise.all(responses)).toEqual([400, 400]);
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain("SIGTERM received");
  expect(server.output()).toContain("Stopped.");
});
