import { errorField, identifyRequest, logger } from "~/platform/log/logger.server";
import { idOf } from "~/platform/db/values";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
  logDatabaseUnavailable,
} from "~/platform/db/availability";
import { getDb } from "~/platform/db/db.server";
import { clientIpContext } from "~/platform/http/context";
import { can, type SignedIn } from "~/modules/access";
import { forbidden } from "~/modules/access/require.server";
import { principalOfUser } from "~/modules/access/principal.server";
import { apiError, ApiError, apiRefusal, bilingual } from "~/platform/api/errors.server";
import { isRefusal } from "~/platform/outcome";
import { apiSessionOf } from "~/modules/auth/api-tokens.server";
import { BodyError, readBoundedBody, uploadOf, type UploadedFile } from "~/platform/http/body.server";
import { i18nFor } from "~/platform/i18n/instances.server";
import { cleanJson } from "~/utils/text";
import { env } from "~/platform/env.server";
import { TEXT_PATH_PARAMS, type Operation } from "./operation";

export const DEFAULT_MAX_BYTES = 1024 * 1024;
const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

interface Route {
  operation: Operation;
  pattern: RegExp;
  names: string[];
}

/** Path templates as patterns: a `{name}` is a positive integer, so `/by-client` never reads as an id (a `{code}` is text). */
export function routesOf(operations: Operation[]): Route[] {
  return operations.map((operation) => {
    const names: string[] = [];
    const source = operation.path
      .replace(/[.*+?^${}()|[\]\\]/g, (char) => (char === "{" || char === "}" ? char : `\\${char}`))
      .replace(/\{(\w+)\}/g, (_, name: string) => {
        names.push(name);
        return TEXT_PATH_PARAMS.has(name) ? "([A-Za-z0-9-]{1,64})" : "(\\d{1,10})";
      });
    return { operation, pattern: new RegExp(`^${source}/?$`), names };
  });
}

/** The CORS headers for an allowed origin (only when API_CORS_ORIGINS lists it). */
function corsHeaders(request: Request): Record<string, string> {
  const origin = request.headers.get("Origin");
  if (!origin || !env.apiCorsOrigins.includes(origin)) return {};
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Methods": "GET, POST, PUT, DELETE",
    "Access-Control-Allow-Headers": "Authorization, Content-Type",
    "Access-Control-Max-Age": "600",
    Vary: "Origin",
  };
}

/** The validation failure of a zod parse, each field with its message in both languages. */
function invalid(error: z.ZodError, prefix = ""): ApiError {
  const en = i18nFor("en");
  const details = error.issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join("."),
    key: en.exists(issue.message) ? issue.message : "api.validation.invalid",
  }));
  return apiError(400, "api.errors.validation", { code: "VALIDATION_ERROR", details });
}

const parseWith = <T extends z.ZodType>(schema: T, value: unknown, prefix: string): z.output<T> => {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(parsed.error, prefix);
  return parsed.data;
};

async function bodyOf(operation: Operation, request: Request): Promise<{ body: unknown; files: UploadedFile[] }> {
  if (!operation.body) return { body: undefined, files: [] };
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (operation.multipart && type.startsWith("multipart/form-data")) {
    const { multipart } = operation;
    const upload = await uploadOf(request, {
      maxFileSize: multipart.maxFileBytes,
      maxFiles: 1,
      tooLarge: multipart.tooLarge,
    });
    if (!upload.ok) throw apiRefusal(upload);
    const fields = Object.fromEntries([...upload.fields.entries()].filter(([, value]) => typeof value === "string")); // cleaned by the body layer
    return {
      body: parseWith(multipart.fields, fields, ""),
      files: upload.files.filter((file) => file.fieldName === multipart.file),
    };
  }
  if (!/^application\/(?:[\w.+-]+\+)?json(?:\s*;|$)/.test(type)) throw apiError(415);
  const bytes = await readBoundedBody(request, operation.maxBytes ?? DEFAULT_MAX_BYTES);
  let value: unknown;
  try {
    value = cleanJson(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)));
  } catch {
    throw apiError(400, "api.errors.malformedJson");
  }
  return { body: parseWith(operation.body, value, ""), files: [] };
}

async function callerOf(request: Request, ip: string | null): Promise<SignedIn> {
  const header = request.headers.get("Authorization");
  if (!header) throw apiError(401);
  const token = BEARER.exec(header)?.[1];
  const db = getDb();
  const session = token ? await apiSessionOf(db, token) : null;
  if (!session) throw apiError(401, "api.errors.tokenInvalid");
  return (await principalOfUser(db, session.user, ip, "/api/auth/login", session.staff)) as SignedIn;
}

/** A failure thrown by the shared code (the access module's 403/404, a rate limit's 429) in the API's shape. */
const BODY_ERROR_KEYS: Record<BodyError["reason"], string> = {
  malformed: "api.errors.malformedMultipart",
  truncated: "api.errors.truncatedBody",
  "too-large": "api.errors.tooLarge",
  "too-many-fields": "api.errors.tooLarge",
  "unsupported-type": "api.errors.unsupportedMediaType",
};

function asApiError(thrown: unknown): ApiError | null {
  if (thrown instanceof ApiError) return thrown;
  if (thrown instanceof BodyError) return apiError(thrown.status, BODY_ERROR_KEYS[thrown.reason]);
  if (isRefusal(thrown)) return apiRefusal(thrown.refused);
  if (thrown && typeof thrown === "object" && (thrown as { type?: string }).type === "DataWithResponseInit") {
    const init = (thrown as { init: ResponseInit | null }).init;
    const status = init?.status ?? 500;
    const retryAfter = new Headers(init?.headers).get("Retry-After");
    const reason = (thrown as { data?: { reason?: string } }).data?.reason;
    return apiError(
      status,
      reason === "storage-quota" ? "api.errors.storageQuota" : undefined,
      retryAfter ? { headers: { "Retry-After": retryAfter } } : undefined,
    );
  }
  if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) return apiError(401);
  return null;
}

/** Answers one call of the JSON API: routing, the bearer token, the body, validation, the shapes. */
export async function dispatch(
  operations: Route[],
  request: Request,
  context: Readonly<RouterContextProvider>,
  extra: (path: string, request: Request) => Response | null,
): Promise<Response> {
  const cors = corsHeaders(request);
  const withCors = (response: Response) => {
    for (const [name, value] of Object.entries(cors)) response.headers.set(name, value);
    return response;
  };
  let path: string;
  try {
    path = decodeURI(new URL(request.url).pathname);
  } catch {
    return withCors(apiError(400).toResponse());
  }
  if (request.method === "OPTIONS") return withCors(new Response(null, { status: 204 }));
  const own = extra(path, request);
  if (own) return withCors(own);
  const candidates = operations
    .map((route) => ({ route, match: route.pattern.exec(path) }))
    .filter((candidate) => candidate.match);
  if (candidates.length === 0) return withCors(apiError(404, "api.errors.noSuchCall").toResponse());
  const method = request.method === "HEAD" ? "GET" : request.method;
  const found = candidates.find((candidate) => candidate.route.operation.method === method);
  if (!found) {
    const allow = [...new Set(candidates.map((candidate) => candidate.route.operation.method))].join(", ");
    return withCors(apiError(405, undefined, { headers: { Allow: allow } }).toResponse());
  }
  const { operation, names } = found.route;
  const ip = context.get(clientIpContext) || null;
  try {
    const principal = operation.public ? (null as unknown as SignedIn) : await callerOf(request, ip);
    if (!operation.public) identifyRequest({ userId: principal.userId });
    if (!operation.public && !(operation.capabilities ?? []).some((capability) => can(principal, capability)))
      throw forbidden();
    const params = Object.fromEntries(
      names.map((name, index) => [
        name,
        TEXT_PATH_PARAMS.has(name) ? found.match![index + 1] : idOf(found.match![index + 1]),
      ]),
    );
    const url = new URL(request.url);
    const query = operation.query ? parseWith(operation.query, Object.fromEntries(url.searchParams), "") : {};
    const { body, files } = await bodyOf(operation, request);
    const data = await operation.handle({
      query,
      params: operation.params ? parseWith(operation.params, params, "") : params,
      body,
      principal,
      request,
      ip,
      files,
    });
    // The answer goes out as documented: unknown keys dropped, a wrong shape is a bug (500), never a leak.
    const payload = {
      success: true as const,
      message: bilingual(operation.message),
      data: operation.response.parse(data),
    };
    return withCors(
      Response.json(payload, { status: operation.status ?? 200, headers: { "Cache-Control": "no-store" } }),
    );
  } catch (thrown) {
    const known = asApiError(thrown);
    if (known) return withCors(known.toResponse());
    if (isDatabaseUnavailable(thrown)) {
      logDatabaseUnavailable(thrown);
      return withCors(
        apiError(503, undefined, { headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) } }).toResponse(),
      );
    }
    logger.error({ err: errorField(thrown) }, "API call failed");
    return withCors(apiError(500).toResponse());
  }
}
