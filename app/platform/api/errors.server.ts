import { i18nFor } from "~/platform/i18n/instances.server";
import { NOT_FOUND_ERROR, refusalHeaders, statusOfRefusal, type Refused } from "~/platform/outcome";
import type { ApiErrorCode, Bilingual } from "./schema";

/** A message in both languages, from one translation key (docs/architecture.md §18: `{english, arabic}`). */
export function bilingual(key: string, values?: Record<string, unknown>): Bilingual {
  return { english: i18nFor("en").t(key, values ?? {}), arabic: i18nFor("ar").t(key, values ?? {}) };
}

const CODE_OF_STATUS: Record<number, ApiErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
  503: "SERVICE_UNAVAILABLE",
};

/** A failure the API answers in its error shape; `key` is the translation of the message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly options: {
      code?: ApiErrorCode;
      details?: { field: string; key: string }[];
      headers?: Record<string, string>;
      values?: Record<string, unknown>;
    } = {},
  ) {
    super(key);
  }

  get code(): ApiErrorCode {
    return this.options.code ?? CODE_OF_STATUS[this.status] ?? "INTERNAL_ERROR";
  }

  toResponse() {
    const body = {
      success: false as const,
      error: {
        code: this.code,
        message: bilingual(this.key, this.options.values),
        ...(this.options.details
          ? { details: this.options.details.map((detail) => ({ field: detail.field, message: bilingual(detail.key) })) }
          : {}),
      },
    };
    return Response.json(body, {
      status: this.status,
      headers: { "Cache-Control": "no-store", ...this.options.headers },
    });
  }
}

/** The message key of each status when nothing more precise is known. */
export const MESSAGE_OF_STATUS: Record<number, string> = {
  400: "api.errors.badRequest",
  401: "api.errors.unauthorized",
  403: "api.errors.forbidden",
  404: "api.errors.notFound",
  405: "api.errors.methodNotAllowed",
  409: "api.errors.conflict",
  413: "api.errors.tooLarge",
  415: "api.errors.unsupportedMediaType",
  429: "api.errors.rateLimited",
  500: "api.errors.internal",
  503: "api.errors.unavailable",
};

export const apiError = (
  status: number,
  key = MESSAGE_OF_STATUS[status] ?? "api.errors.internal",
  options?: ConstructorParameters<typeof ApiError>[2],
) => new ApiError(status, key, options);

/**
 * The one bridge from a refusal to the API's error (docs/architecture.md §18): the refusal's status, its message in
 * both languages, and each field at fault when there are several.
 */
export function apiRefusal(refusal: Refused, options: { key?: string } = {}) {
  const headers = refusalHeaders(refusal);
  const status = statusOfRefusal(refusal);
  // A page's "not found" is the API's own words for it; `key` where the API says it shorter.
  const key = options.key ?? (refusal.error === NOT_FOUND_ERROR ? MESSAGE_OF_STATUS[status] : refusal.error);
  return new ApiError(status, key, {
    ...(refusal.problems ? { code: "VALIDATION_ERROR" as const, details: refusal.problems } : {}),
    ...(headers ? { headers } : {}),
  });
}
