import crypto from "node:crypto";
import { redirect } from "react-router";
import { env, sessionSecret } from "~/utils/env.server";
import type { Toast } from "./toast";

/**
 * The flash toast travels in a short-lived cookie signed with HMAC-SHA256, so no other site can make
 * the app show a message. Signing is synchronous so that a thrown redirect can carry a toast.
 */
const NAME = "toast";
const attributes = () => `Path=/; HttpOnly; SameSite=Lax${env.secureCookies ? "; Secure" : ""}`;
const sign = (value: string) => crypto.createHmac("sha256", sessionSecret()).update(value).digest("base64url");

export function readToast(request: Request): Toast | null {
  const raw = (request.headers.get("Cookie") ?? "")
    .split(/;\s*/)
    .find((part) => part.startsWith(`${NAME}=`))
    ?.slice(NAME.length + 1);
  if (!raw) return null;
  const [value, signature] = raw.split(".");
  if (!value || !signature) return null;
  const expected = Buffer.from(sign(value));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const toast = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    return toast && typeof toast === "object" && typeof toast.message === "string" ? (toast as Toast) : null;
  } catch {
    return null;
  }
}

export function toastHeader(toast: Toast): string {
  const value = Buffer.from(JSON.stringify({ id: crypto.randomUUID(), ...toast })).toString("base64url");
  return `${NAME}=${value}.${sign(value)}; Max-Age=60; ${attributes()}`;
}

export const clearToastHeader = () => `${NAME}=; Max-Age=0; ${attributes()}`;

/** Redirect after a successful mutation, carrying a toast for the next page. */
export function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", toastHeader(toast));
  return redirect(url, { ...init, headers });
}
