import crypto from "node:crypto";
import { createCookie, redirect } from "react-router";
import { env, sessionSecret } from "~/utils/env.server";
import type { Toast } from "./toast";

let cookie: ReturnType<typeof createCookie> | undefined;
const toastCookie = () =>
  (cookie ??= createCookie("toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env.secureCookies,
    maxAge: 60,
    secrets: [sessionSecret()],
  }));

export async function readToast(request: Request): Promise<Toast | null> {
  const value = await toastCookie().parse(request.headers.get("Cookie"));
  return value && typeof value === "object" && typeof value.message === "string" ? (value as Toast) : null;
}

export const toastHeader = (toast: Toast) => toastCookie().serialize({ id: crypto.randomUUID(), ...toast });
export const clearToastHeader = () => toastCookie().serialize("", { maxAge: 0 });

/** Redirect after a successful mutation, carrying a toast for the next page. */
export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { ...init, headers });
}
