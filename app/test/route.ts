import { RouterContextProvider } from "react-router";
import { clientIpContext } from "~/platform/http/context";
import { languageContext } from "~/middleware/i18next.server";
import type { Language } from "~/platform/i18n/languages";
import {
  ANONYMOUS,
  AREAS,
  areaContext,
  buildPrincipal,
  homeAreaOf,
  principalContext,
  type AreaKey,
  type StaffGrant,
} from "~/modules/access";
import type { SessionUser } from "~/modules/auth/session-user";

type TestUser = Omit<SessionUser, "client"> & {
  client: (Omit<NonNullable<SessionUser["client"]>, "canDoAttestation"> & { canDoAttestation?: boolean }) | null;
};

/**
 * A request context as the session middleware builds it, for a user of the test database. `staff`
 * overrides the client admin's stored permissions and attestation flag; `area` is the area the screen is
 * mounted in (default: the user's own).
 */
export function makeContext(
  options: {
    user?: TestUser | null;
    ip?: string;
    staff?: Partial<StaffGrant>;
    area?: AreaKey;
    language?: Language;
  } = {},
) {
  const context = new RouterContextProvider();
  if (options.language) context.set(languageContext, options.language);
  const ip = options.ip ?? "127.0.0.1";
  const user = options.user;
  if (user) {
    const client = user.client ? { ...user.client, canDoAttestation: user.client.canDoAttestation ?? true } : null;
    const isStaff = user.role === "CLERK" || user.role === "CLIENT_ADMIN";
    const staff: StaffGrant | null = isStaff
      ? {
          clientId: client?.id ?? null,
          clientCanDoSincera: client?.canDoSincera ?? false,
          clientCanDoAttestation: client?.canDoAttestation ?? false,
          permissions: [],
          canDoAttestation: true,
          ...options.staff,
        }
      : null;
    context.set(principalContext, buildPrincipal({ ...user, client }, staff, ip, "/login"));
    // The area layout's part: the user's own area unless the test mounts the screen elsewhere.
    context.set(areaContext, options.area ? AREAS[options.area] : homeAreaOf(user.role));
  } else {
    context.set(principalContext, { ...ANONYMOUS, ip });
  }
  context.set(clientIpContext, ip);
  return context;
}

/** A form post as a browser sends it from one of our pages (with its Origin). */
export function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", ...headers },
  });
}

/** A multipart POST with fields and, optionally, one file in the `file` field. */
export function postMultipart(path: string, fields: Record<string, string>, file?: [string, Uint8Array]) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append("file", new File([file[1] as Uint8Array<ArrayBuffer>], file[0]));
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: form,
    headers: { Origin: "http://localhost" },
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
export async function run(
  fn: (args: never) => unknown,
  request: Request,
  context: RouterContextProvider,
  params = {},
): Promise<Outcome> {
  let value: unknown;
  try {
    value = await fn({ request, url: new URL(request.url), context, params } as never);
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response)
    return { status: value.status, headers: value.headers, data: null, text: await value.clone().text() };
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data };
  }
  if (value instanceof Error) throw value;
  return { status: 200, headers: new Headers(), data: value };
}

/** A form post to an action, as the context's user sends it from our page at `path`. */
export const postAs = (
  context: RouterContextProvider,
  action: (args: never) => unknown,
  path: string,
  fields: Record<string, string>,
  params = {},
) => run(action, postForm(path, fields), context, params);

/** A page's loader, as the context's user opens `path`. */
export const openAs = (context: RouterContextProvider, loader: (args: never) => unknown, path: string, params = {}) =>
  run(loader, new Request(`http://localhost${path}`), context, params);

/** The status a loader or action answers (for tests that ask only that). */
export const statusOf = async (...args: Parameters<typeof run>) => (await run(...args)).status;

/** A signed-in user for a test request, with placeholder names: who they are matters, not what they are called. */
export const testUser = (user: Pick<TestUser, "id" | "email" | "role"> & Partial<TestUser>): TestUser => ({
  firstName: { english: "Test", arabic: "تجربة" },
  middleName: null,
  lastName: { english: "User", arabic: "مستخدم" },
  client: null,
  ...user,
});

/** A request as React Router hands it to a loader: with its URL beside it. */
export const withUrl = (request: Request) => ({ request, url: new URL(request.url) });
