import { RouterContextProvider } from "react-router";
import { clientIpContext, userContext } from "~/middleware/context";
import type { SessionUser } from "~/modules/auth/session-user";

export function makeContext(options: { user?: SessionUser | null; ip?: string } = {}) {
  const context = new RouterContextProvider();
  context.set(userContext, options.user ?? null);
  context.set(clientIpContext, options.ip ?? "127.0.0.1");
  return context;
}

export function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });
}

interface Outcome {
  status: number;
  headers: Headers;
  data: unknown;
  /** The body of a returned or thrown Response (HTML pages rendered outside the router). */
  text?: string;
}

/** Runs a loader or action and normalises what it returns or throws (Response or data()). */
export async function run(fn: (args: never) => unknown, request: Request, context: RouterContextProvider, params = {}): Promise<Outcome> {
  let value: unknown;
  try {
    value = await fn({ request, context, params } as never);
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, headers: value.headers, data: null, text: await value.clone().text() };
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data };
  }
  if (value instanceof Error) throw value;
  return { status: 200, headers: new Headers(), data: value };
}
