import crypto from "node:crypto";
import { Refusal, type Refused } from "~/platform/outcome";
import { redirect } from "react-router";
import { signedCookie } from "~/platform/security/cookies.server";
import type { Toast } from "./toast";

/**
 * The flash toast travels in a short-lived signed cookie, so no other site can make the app show a message.
 * Signing is synchronous so that a thrown redirect can carry a toast.
 */
const toastCookie = () => signedCookie("toast", { maxAgeSeconds: 60, hostPrefix: false });

export function readToast(request: Request): Toast | null {
  const toast = toastCookie().read(request.headers.get("Cookie"));
  return toast && typeof toast === "object" && "message" in toast && typeof toast.message === "string"
    ? (toast as Toast)
    : null;
}

export const toastHeader = (toast: Toast): string => toastCookie().header({ id: crypto.randomUUID(), ...toast });

export const clearToastHeader = () => toastCookie().clearHeader();

/** Whether a response's Set-Cookie headers carry a new toast (then the one read is not cleared). */
export const setsToast = (setCookies: string[]) =>
  setCookies.some((value) => value.startsWith(`${toastCookie().name}=`));

/** Redirect after a successful mutation, carrying a toast for the next page. */
export function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", toastHeader(toast));
  return redirect(url, { ...init, headers });
}

/**
 * The bridge for a one-button post a service refused (docs/architecture.md §4): back to `to` with the refusal's
 * message as an error toast; an id that names nothing the caller may see is the 404 page, as a page of it would be.
 */
export function refusalToast(to: string, refusal: Refused) {
  if (refusal.kind === "notFound") throw new Refusal(refusal);
  return redirectWithToast(to, { kind: "error", message: refusal.error });
}
