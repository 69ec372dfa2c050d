import {
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";
import { refused, tooLarge, type Refused } from "~/platform/outcome";
import { data } from "react-router";
import { z } from "zod";
import { FORM_TOKEN_FIELD } from "~/platform/security/form-token";
import { cleanField, cleanText } from "~/utils/text";

/**
 * THE body layer (docs/decisions/0012): every action and resource route reads its body here. A content type the
 * route does not take is 415, an unparseable or truncated body 400, a body over its limit 413 (counted
 * while it streams, so nothing past the limit is read).
 */
export const FORM_MAX_BYTES = 1024 * 1024;
export const MAX_FIELDS = 1000;

export type BodyFailure = 400 | 413 | 415;
const BODY_REASONS = ["malformed", "truncated", "too-large", "too-many-fields", "unsupported-type"] as const;

/** A refused body: thrown, answered by the error page (or the API's error shape). */
export class BodyError extends Error {
  constructor(
    readonly status: BodyFailure,
    readonly reason: (typeof BODY_REASONS)[number],
  ) {
    super(reason);
  }

  toResponse() {
    return data({ reason: this.reason }, { status: this.status });
  }
}

/** The media type of the body, lower-cased, without its parameters ("" when none is given). */
export const mediaTypeOf = (request: Request) =>
  (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();

/** Reads the whole body while it streams, up to `limit` bytes: past it 413, ended early 400. */
export async function readBoundedBody(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw new BodyError(413, "too-large");
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => {});
        throw new BodyError(413, "too-large");
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof BodyError) throw error;
    throw new BodyError(400, "truncated");
  }
  if (Number.isFinite(declared) && request.headers.has("Content-Length") && total !== declared)
    throw new BodyError(400, "truncated");
  return Buffer.concat(chunks);
}

/** A multipart body's boundary, as RFC 2046 allows it (1 to 70 characters), or null. */
function boundaryOf(request: Request): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i.exec(
    request.headers.get("Content-Type") ?? "",
  );
  return match ? (match[1] ?? match[2]) : null;
}

function urlEncodedForm(bytes: Uint8Array): FormData {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new BodyError(400, "malformed");
  }
  const params = new URLSearchParams(text);
  const form = new FormData();
  let count = 0;
  for (const [name, value] of params) {
    if (++count > MAX_FIELDS) throw new BodyError(413, "too-many-fields");
    // Percent-escapes that decode to invalid UTF-8 come out as U+FFFD; lone surrogates cannot occur.
    form.append(cleanText(name), cleanField(name, value));
  }
  return form;
}

/** The same form with every text field cleaned (app/utils/text.ts). */
function cleanedForm(fields: FormData): FormData {
  const cleaned = new FormData();
  for (const [name, value] of fields)
    cleaned.append(cleanText(name), typeof value === "string" ? cleanField(name, value) : value);
  return cleaned;
}

export interface UploadedFile {
  fieldName: string;
  name: string;
  bytes: Uint8Array;
}

export type UploadLimits = {
  maxFileSize: number;
  maxFiles: number;
  tooLarge: TooLarge;
};
type TooLarge =
  | "validation.fileSizeMax5"
  | "validation.fileMax4"
  | "validation.fileMax1"
  | "signing.p12TooLarge"
  | "bulk.fileTooLarge";

/** The form and its files, or a file refused: too large for the route (413) or one too many (400). */
export type ParsedUpload =
  { ok: true; fields: FormData; files: UploadedFile[] } | Refused<TooLarge | "validation.maxFiles5">;

async function parseMultipart(request: Request, limits: UploadLimits, maxTextBytes: number): Promise<ParsedUpload> {
  if (!boundaryOf(request)) throw new BodyError(400, "malformed");
  const declared = Number(request.headers.get("Content-Length") ?? "");
  // A chunked body is held to what a declared one may be (checkBodyHeaders): no route's files and fields together
  // pass MULTIPART_MAX_BYTES, whatever the route's files allow one by one (twenty of 5 MB for a batch).
  const maxTotalSize = Math.min(limits.maxFiles * limits.maxFileSize + maxTextBytes, MULTIPART_MAX_BYTES);
  if (Number.isFinite(declared) && declared > maxTotalSize) throw new BodyError(413, "too-large");
  const files: UploadedFile[] = [];
  try {
    const fields = await parseFormData(
      request,
      {
        maxFileSize: Math.max(limits.maxFileSize, maxTextBytes),
        maxFiles: Math.max(limits.maxFiles, 1),
        maxParts: MAX_FIELDS,
        maxHeaderSize: 8 * 1024,
        maxTotalSize,
      },
      async (upload: FileUpload) => {
        if (!upload.name) return undefined; // an input left empty
        if (limits.maxFiles === 0) throw new BodyError(415, "unsupported-type");
        const bytes = new Uint8Array(await upload.arrayBuffer());
        if (bytes.byteLength > limits.maxFileSize) throw new MaxFileSizeExceededError(limits.maxFileSize);
        files.push({ fieldName: upload.fieldName, name: upload.name, bytes });
        return undefined;
      },
    );
    for (const value of fields.values())
      if (typeof value === "string" && value.length > maxTextBytes) throw new BodyError(413, "too-large");
    return { ok: true, fields: cleanedForm(fields), files };
  } catch (error) {
    if (error instanceof BodyError) throw error;
    if (error instanceof MaxFileSizeExceededError) return tooLarge(limits.tooLarge);
    if (error instanceof MaxFilesExceededError) return refused("validation.maxFiles5");
    if (error instanceof MaxTotalSizeExceededError) throw new BodyError(413, "too-large");
    if (error instanceof MaxPartsExceededError || error instanceof MaxHeaderSizeExceededError)
      throw new BodyError(413, "too-many-fields");
    throw new BodyError(400, "malformed");
  }
}

/** The status of a refused body thrown by `readForm` or `readUpload`, or null for anything else. */
export function refusedBodyStatus(thrown: unknown): BodyFailure | null {
  if (thrown instanceof BodyError) return thrown.status;
  const candidate = thrown as { type?: string; data?: { reason?: string }; init?: { status?: number } } | null;
  if (
    candidate?.type !== "DataWithResponseInit" ||
    !BODY_REASONS.includes(candidate.data?.reason as BodyError["reason"])
  )
    return null;
  return candidate.init?.status as BodyFailure;
}

/** The largest body a wallet posts (a token request, a credential request, a presentation). */
export const WALLET_BODY_MAX_BYTES = 256 * 1024;

/**
 * A wallet's post (OpenID4VCI, OpenID4VP): urlencoded, or JSON when `json` is allowed, into plain fields. A refused
 * body is thrown as a BodyError; the wallet endpoints answer it in OAuth's shape.
 */
export async function readWalletBody(request: Request, json: boolean): Promise<Record<string, unknown>> {
  const type = mediaTypeOf(request);
  if (type === "application/json" && json) {
    const bytes = await readBoundedBody(request, WALLET_BODY_MAX_BYTES);
    try {
      const parsed: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // answered below
    }
    throw new BodyError(400, "malformed");
  }
  if (type !== "application/x-www-form-urlencoded" && type !== "") throw new BodyError(415, "unsupported-type");
  const form = urlEncodedForm(await readBoundedBody(request, WALLET_BODY_MAX_BYTES));
  return Object.fromEntries([...form].map(([name, value]) => [name, String(value)]));
}

/** The largest multipart post a route takes (five files of 5 MB and the form's fields). */
export const MULTIPART_MAX_BYTES = 5 * 5 * 1024 * 1024 + FORM_MAX_BYTES;

/**
 * What every state-changing request is checked for before any action runs: a form (urlencoded, or
 * multipart with a usable boundary) or no body at all, of a declared size its kind allows.
 */
export function checkBodyHeaders(request: Request): BodyFailure | null {
  const type = mediaTypeOf(request);
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (type === "multipart/form-data") {
    if (!boundaryOf(request)) return 400;
    return declared > MULTIPART_MAX_BYTES ? 413 : null;
  }
  if (type === "application/x-www-form-urlencoded") return declared > FORM_MAX_BYTES ? 413 : null;
  const hasBody = (Number.isFinite(declared) && declared > 0) || request.headers.has("Transfer-Encoding");
  return type === "" && !hasBody ? null : 415;
}

/** Runs a read; a refused body is thrown as the response of its status (the error page says why). */
async function answering<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof BodyError) throw error.toResponse();
    throw error;
  }
}

/**
 * A form post without files: urlencoded (an empty post too), at most 1 MB and 1,000 fields. A multipart
 * post is taken when it carries no file.
 */
export const readForm = (request: Request, options: { maxBytes?: number } = {}) =>
  answering(() => formOf(request, options));

async function formOf(request: Request, options: { maxBytes?: number }): Promise<FormData> {
  const maxBytes = options.maxBytes ?? FORM_MAX_BYTES;
  const type = mediaTypeOf(request);
  if (type === "multipart/form-data") {
    const parsed = await parseMultipart(
      request,
      { maxFileSize: 0, maxFiles: 0, tooLarge: "validation.fileSizeMax5" },
      maxBytes,
    );
    if (!parsed.ok) throw new BodyError(415, "unsupported-type");
    return parsed.fields;
  }
  if (type !== "application/x-www-form-urlencoded" && type !== "") throw new BodyError(415, "unsupported-type");
  const bytes = await readBoundedBody(request, maxBytes);
  if (type === "" && bytes.byteLength > 0) throw new BodyError(415, "unsupported-type");
  return urlEncodedForm(bytes);
}

/**
 * A form that may carry files (multipart), each refused as soon as it passes `maxFileSize` while
 * streaming; a urlencoded post is a form without files.
 */
export const readUpload = (request: Request, limits: UploadLimits, options: { maxTextBytes?: number } = {}) =>
  answering(() => uploadOf(request, limits, options));

/** The same, throwing BodyError (the JSON API answers it in its own shape). */
export async function uploadOf(
  request: Request,
  limits: UploadLimits,
  options: { maxTextBytes?: number } = {},
): Promise<ParsedUpload> {
  if (mediaTypeOf(request) === "multipart/form-data")
    return parseMultipart(request, limits, options.maxTextBytes ?? FORM_MAX_BYTES);
  return { ok: true, fields: await formOf(request, {}), files: [] };
}

/**
 * The anti-forgery token a form posted (docs/decisions/0012), read from a copy of the body so that the
 * action still reads it whole; null when there is none or the body is not a readable form. Only posts
 * that name no origin at all are read twice.
 */
export async function readFormToken(request: Request): Promise<string | null> {
  const copy = request.clone();
  try {
    const fields =
      mediaTypeOf(copy) === "multipart/form-data"
        ? await parseMultipart(
            copy,
            { maxFileSize: 5 * 1024 * 1024, maxFiles: 5, tooLarge: "validation.fileSizeMax5" },
            FORM_MAX_BYTES,
          ).then((parsed) => (parsed.ok ? parsed.fields : null))
        : await formOf(copy, {});
    const token = fields?.get(FORM_TOKEN_FIELD);
    return typeof token === "string" ? token : null;
  } catch {
    return null;
  }
}

/** The answer to a post whose intent no form of ours sends: 400, written nothing. */
export const badIntent = () => data({ reason: "bad-intent" }, { status: 400 });

/** The answer to a GET of a route that only takes posts (sign-out, the language switch): 405, and what it allows. */
export const postOnly = () => data({ reason: "method-not-allowed" }, { status: 405, headers: { Allow: "POST" } });

/** A confirmed delete: the one field of the confirmation form. */
export const deleteIntentSchema = z.object({ intent: z.literal("delete") });

/**
 * A post that carries only an intent (and the ids it names): the form read and parsed by the screen's zod
 * schema, a discriminated union on `intent` where there are several; anything else is badIntent().
 */
export async function readIntent<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const parsed = schema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw badIntent();
  return parsed.data;
}
