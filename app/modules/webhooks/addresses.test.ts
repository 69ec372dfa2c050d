import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { isPrivateAddress, isPrivateHost, PRIVATE_ADDRESS_ERROR } from "./addresses";
import { postDelivery } from "./post.server";
import { endpointSchema } from "./schema";

describe("private addresses", () => {
  it.each([
    "0.0.0.0",
    "10.1.2.3",
    "100.64.0.1",
    "127.0.0.1",
    "127.255.255.254",
    "169.254.169.254",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.20",
    "198.18.0.1",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "[::1]",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::10.0.0.1",
    "2002:0a00:0001::1",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1%eth0",
    "ff02::1",
  ])("%s is private", (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each([
    "8.8.8.8",
    "172.32.0.1",
    "192.169.0.1",
    "100.128.0.1",
    "2a00:1450:4001::200e",
    "::ffff:8.8.8.8",
    "2606:4700::1111",
  ])("%s is public", (address) => expect(isPrivateAddress(address)).toBe(false));

  it("is not an IP: a name, or a malformed address", () => {
    for (const text of ["hooks.example.org", "1.2.3", "1.2.3.256", "1:2:3", "1::2::3", "12345::1"])
      expect(isPrivateAddress(text), text).toBe(null);
  });

  it("names this machine by name", () => {
    expect(isPrivateHost("localhost")).toBe(true);
    expect(isPrivateHost("api.localhost.")).toBe(true);
    expect(isPrivateHost("localhost.example.org")).toBe(false);
  });
});

describe("the endpoint form in production", () => {
  const refusing = endpointSchema({ production: true, privateNetworks: false });
  const allowing = endpointSchema({ production: true, privateNetworks: true });
  const urlError = (schema: typeof refusing, url: string) =>
    schema.safeParse({ url, events: ["document.issued"] }).error?.issues[0]?.message;

  it("refuses a private address written out, however it is written", () => {
    // The URL parser reads 0x7f.1 and 2130706433 as 127.0.0.1, as a connection would.
    for (const url of [
      "https://10.0.0.5/hooks",
      "https://0x7f.1/hooks",
      "https://2130706433/hooks",
      "https://[::ffff:192.168.0.1]/hooks",
      "https://[fd00::1]:8443/hooks",
      "https://localhost/hooks",
    ])
      expect(urlError(refusing, url), url).toBe("webhooks.errors.privateAddress");
  });

  it("takes a public address, and a private one where the deployment allows private networks", () => {
    expect(urlError(refusing, "https://hooks.example.org/in")).toBeUndefined();
    expect(urlError(refusing, "https://8.8.8.8/in")).toBeUndefined();
    expect(urlError(allowing, "https://10.0.0.5/hooks")).toBeUndefined();
    expect(urlError(allowing, "http://10.0.0.5/hooks")).toBe("webhooks.errors.https");
  });
});

describe("a delivery's connection", () => {
  async function listener() {
    const bodies: string[] = [];
    const server = http.createServer(async (request, response) => {
      let body = "";
      for await (const chunk of request) body += chunk;
      bodies.push(body);
      response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { bodies, port: (server.address() as AddressInfo).port, close: () => server.close() };
  }
  const options = (privateNetworks: boolean) => ({ timeoutMs: 2_000, privateNetworks });

  it("does not reach a name that resolves to a private address, nor a private address, when they are refused", async () => {
    const receiver = await listener();
    try {
      for (const host of ["localhost", "127.0.0.1", "[::ffff:127.0.0.1]"]) {
        await expect(
          postDelivery(`http://${host}:${receiver.port}/in`, {}, "{}", options(false)),
          host,
        ).rejects.toMatchObject({ message: PRIVATE_ADDRESS_ERROR });
      }
      expect(receiver.bodies).toEqual([]);
      // Allowed, the same name arrives.
      expect(await postDelivery(`http://localhost:${receiver.port}/in`, {}, '{"a":1}', options(true))).toBe(204);
      expect(receiver.bodies).toEqual(['{"a":1}']);
    } finally {
      receiver.close();
    }
  });
});
