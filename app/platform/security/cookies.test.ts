import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { sessionSecret } from "~/platform/env.server";
import { signedCookie } from "./cookies.server";

const pairOf = (setCookie: string) => setCookie.split(";")[0];

describe("signed cookies, checked synchronously", () => {
  const ours = signedCookie("cookie-test", { maxAgeSeconds: 60 });
  const theirs = createCookie("cookie-test", { secrets: [sessionSecret()], httpOnly: true, maxAge: 60 });

  it("read what React Router's signed cookies wrote before, and write what they read", async () => {
    const value = { token: "abc", name: "أحمد — Ahmad" };
    expect(ours.read(pairOf(await theirs.serialize(value)))).toEqual(value);
    expect(await theirs.parse(pairOf(ours.header(value)))).toEqual(value);
  });

  it("refuse a changed value or signature, another name, and nothing at all", () => {
    const [name, signed] = pairOf(ours.header("token")).split("=");
    const [value, signature] = decodeURIComponent(signed).split(".");
    const other = Buffer.from(JSON.stringify("other")).toString("base64");
    expect(ours.read(`${name}=${encodeURIComponent(`${other}.${signature}`)}`)).toBeNull();
    expect(ours.read(`${name}=${encodeURIComponent(`${value}.${signature.slice(1)}x`)}`)).toBeNull();
    expect(ours.read(`x${name}=${signed}`)).toBeNull();
    expect(ours.read(null)).toBeNull();
    expect(ours.read(`a=1; ${name}=${signed}`)).toBe("token");
  });

  it("clear with Max-Age=0, httpOnly and SameSite=Lax", () => {
    expect(ours.clearHeader()).toMatch(/^cookie-test=; Max-Age=0; Path=\/; HttpOnly;.* SameSite=Lax$/);
    expect(ours.header(1)).toMatch(/; Max-Age=60; Path=\/; HttpOnly;/);
  });
});
