import { z } from "zod";

/** The JSON API's shapes (docs/architecture.md §18, docs/product.md): the same zod schemas check the calls and make the OpenAPI document. */
export const bilingualSchema = z.object({ english: z.string(), arabic: z.string() }).meta({ id: "Bilingual" });
export type Bilingual = z.infer<typeof bilingualSchema>;

export const API_ERROR_CODES = [
  "VALIDATION_ERROR",
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "TWO_FACTOR_REQUIRED",
  "FORBIDDEN",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RATE_LIMITED",
  "INTERNAL_ERROR",
  "SERVICE_UNAVAILABLE",
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export const fieldErrorSchema = z.object({ field: z.string(), message: bilingualSchema }).meta({ id: "FieldError" });

export const errorResponseSchema = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.enum(API_ERROR_CODES),
      message: bilingualSchema,
      details: z.array(fieldErrorSchema).optional(),
    }),
  })
  .meta({ id: "ErrorResponse" });

export const successResponseOf = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: bilingualSchema, data });

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int().min(0),
    size: z.number().int().min(1),
    totalItems: z.number().int().min(0),
    totalPages: z.number().int().min(0),
  });

export const MAX_PAGE_SIZE = 100;

/** `page` from 0 and `size` (at most 100): a value out of range is a 400 with the field named. */
export const pagingQuery = (defaultSize = 10) => ({
  page: z.coerce
    .number({ error: "api.validation.page" })
    .int("api.validation.page")
    .min(0, "api.validation.page")
    .max(1_000_000, "api.validation.page")
    .default(0),
  size: z.coerce
    .number({ error: "api.validation.size" })
    .int("api.validation.size")
    .min(1, "api.validation.size")
    .max(MAX_PAGE_SIZE, "api.validation.size")
    .default(defaultSize),
});

export const idQuery = (key: string) =>
  z.coerce
    .number({ error: key })
    .int(key)
    .positive(key)
    .max(2 ** 31 - 1, key);

/** A list page as the API answers it. */
export function pageData<T>(items: T[], page: number, size: number, totalItems: number) {
  return { items, page, size, totalItems, totalPages: Math.ceil(totalItems / size) };
}
