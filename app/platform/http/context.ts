import { createContext } from "react-router";
import type { Toast } from "~/platform/toast/toast";

/** Set by the HTTP server from the socket (see app/platform/server/listener.ts). */
export const clientIpContext = createContext<string>("");
/** Per-request nonce for the Content-Security-Policy. */
export const cspNonceContext = createContext<string>(""); // empty outside the production server (dev)
/** The flash toast read from this request's cookie, if any. */
export const toastContext = createContext<Toast | null>(null);
/** Set by `handleError` (entry.server.tsx) when this request failed for want of the database: the server answers 503. */
export const databaseUnavailableContext = createContext<boolean>(false);
/** This page's anti-forgery token for its forms (app/platform/security/form-token.server.ts). */
export const formTokenContext = createContext<string>("");
