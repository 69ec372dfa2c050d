import type { z } from "zod";
import type { Capability, SignedIn } from "~/modules/access";
import type { UploadedFile } from "~/modules/files/upload.server";

/** Path parameters that are text (a verification code), not positive integers. */
export const TEXT_PATH_PARAMS = new Set(["code"]);

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** Who the OpenAPI test calls an operation's example as (a demo account), or nobody. */
export type ExampleCaller = "superadmin" | "serviceadmin" | "clientadmin" | "clerk" | "beneficiary" | "anonymous";

export interface OperationInput<Q, P, B> {
  query: Q;
  params: P;
  body: B;
  /** The signed-in caller (absent only for the operations marked `public`). */
  principal: SignedIn;
  request: Request;
  ip: string | null;
  /** Files of a multipart body. */
  files: UploadedFile[];
}

/**
 * One call of the JSON API (docs/architecture.md §18): its method and path, its zod schemas (query, path, body, answer),
 * its success message and an example. The dispatcher routes by this table and the OpenAPI document is
 * generated from it, so what answers and what is documented cannot drift apart.
 */
export interface Operation<
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  id: string;
  method: HttpMethod;
  /** OpenAPI style: `/api/document-requests/{id}`; path parameters are positive integers, but `{code}` (TEXT_PATH_PARAMS). */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** Answered without a token (sign-in, refresh). */
  public?: boolean;
  /**
   * Who may call it: a caller holding none of these capabilities gets 403 before anything is read.
   * Declared here only: the handler checks scope alone (another client's id answers 404), with `inCallerScope`.
   */
  capabilities?: Capability[];
  query?: Q;
  params?: P;
  body?: B;
  /** Also takes `multipart/form-data`: these fields, plus one `file`. */
  multipart?: {
    fields: z.ZodType;
    file: string;
    maxFileBytes: number;
    tooLarge: "validation.fileMax4" | "validation.fileSizeMax5";
  };
  /** The largest JSON body taken (bytes); 1 MB unless said. */
  maxBytes?: number;
  response: R;
  status?: 200 | 201;
  /** The success message's translation key. */
  message: string;
  /** The documented example; the OpenAPI test calls the operation with it as `as`. */
  example: {
    as: ExampleCaller;
    query?: Record<string, string | number | boolean>;
    params?: Record<string, number | string>;
    body?: unknown;
  };
  /** Documented failures besides 400, 401, 429 and 500. */
  failures?: number[];
  handle: (input: OperationInput<z.output<Q>, z.output<P>, z.output<B>>) => Promise<z.input<R>>;
}

/** Keeps each operation's types while the table holds them side by side. */
export const operation = <Q extends z.ZodType, P extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  definition: Operation<Q, P, B, R>,
) => definition as unknown as Operation;
