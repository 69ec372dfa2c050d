/**
 * What a service answers when it may refuse (docs/architecture.md §4): done, with what it made, or refused, with
 * `error`, the locale key of what the user reads, the form field it belongs to when there is one, and `kind`, what
 * the refusal means over HTTP. Callers test `ok`; a route hands a refusal to the one bridge (`replyRefused` for a
 * form, `apiRefusal` for the API), so a refusal reads, and answers, the same everywhere.
 */
export interface Refused<Error extends string = string> {
  ok: false;
  error: Error;
  kind: RefusalKind;
  field?: string;
  /** What the page lists to say more (the records that still use a client). */
  details?: Record<string, number>;
  /** Several fields at fault at once (a whole request posted to the API): each field and its message. */
  problems?: { field: string; key: string }[];
  /** How many seconds to wait before trying again (a rate limit): answered as Retry-After. */
  retryAfter?: number;
}

/**
 * The kinds of refusal and their HTTP status: what was sent is wrong (invalid), the thing is not there or not the
 * caller's (notFound), the state of things refuses it (conflict: taken, in use, no longer pending), too large, or too
 * many tries (rateLimited).
 */
export const REFUSAL_STATUS = {
  invalid: 400,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unprocessable: 422,
  rateLimited: 429,
} as const;
export type RefusalKind = keyof typeof REFUSAL_STATUS;

export const statusOfRefusal = (refusal: Pick<Refused, "kind">) => REFUSAL_STATUS[refusal.kind];

/** The refusal of an id that does not exist or is not the caller's: the pages answer 404. */
export const NOT_FOUND_ERROR = "errors.notFound";

export type Outcome<Done extends object = object, Error extends string = string> =
  ({ ok: true } & Done) | Refused<Error>;

const refusal = <Error extends string>(
  kind: RefusalKind,
  error: Error,
  field?: string,
  details?: Record<string, number>,
): Refused<Error> => ({
  ok: false,
  error,
  kind,
  ...(field === undefined ? {} : { field }),
  ...(details === undefined ? {} : { details }),
});

/** What was sent is refused (or, for NOT_FOUND_ERROR, names nothing the caller may see). */
export const refused = <Error extends string>(error: Error, field?: string, details?: Record<string, number>) =>
  refusal(error === NOT_FOUND_ERROR ? "notFound" : "invalid", error, field, details);

/** What it names is not there, or not the caller's (a category of another organisation). */
export const absent = <Error extends string>(error: Error, field?: string) => refusal("notFound", error, field);

/** The state of things refuses it: a name taken, a record in use, a request no longer pending. */
export const conflict = <Error extends string>(error: Error, field?: string, details?: Record<string, number>) =>
  refusal("conflict", error, field, details);

/** Too many tries: wait `retryAfter` seconds before the next. */
export const rateLimited = <Error extends string>(error: Error, retryAfter?: number): Refused<Error> => ({
  ...refusal("rateLimited", error),
  ...(retryAfter === undefined ? {} : { retryAfter }),
});

/** The headers a refusal's answer carries: Retry-After for a rate limit. */
export const refusalHeaders = (refused: Refused): Record<string, string> | undefined =>
  refused.retryAfter === undefined ? undefined : { "Retry-After": String(refused.retryAfter) };

/** Larger than its limit. */
export const tooLarge = <Error extends string>(error: Error, field?: string) => refusal("tooLarge", error, field);

/** Well formed but cannot be made (a template whose placeholders would print empty). */
export const unprocessable = <Error extends string>(error: Error, field?: string) =>
  refusal("unprocessable", error, field);

/** Refused for several fields at once (`error` says it of the whole form). */
export const refusedFields = (
  problems: { field: string; key: string }[],
  error = "api.errors.validation",
): Refused => ({
  ok: false,
  error,
  kind: "invalid",
  problems,
});

/**
 * A refusal thrown from deep inside a service (an allowance checked mid-upload, a rate limit, the stamp's worker)
 * where returning it through every caller would say nothing more. React Router answers it as it answers a thrown
 * `data()` (its shape: the error page reads `reason`, with the refusal's status), and the API as a returned one.
 */
export class Refusal {
  readonly type = "DataWithResponseInit";
  readonly data: { reason: string };
  readonly init: { status: number; headers?: Record<string, string> };
  constructor(
    readonly refused: Refused,
    /** What the error page says more precisely than the status (docs/architecture.md §4). */
    reason = refused.error,
  ) {
    const headers = refusalHeaders(refused);
    this.data = { reason };
    this.init = { status: statusOfRefusal(refused), ...(headers ? { headers } : {}) };
  }
}

/** Each field's message of a refusal for several fields, by field. */
export const problemsByField = (refusal: Refused): Record<string, string> =>
  Object.fromEntries((refusal.problems ?? []).map((problem) => [problem.field, problem.key]));

export const isRefusal = (thrown: unknown): thrown is Refusal => thrown instanceof Refusal;

export const done = <Done extends object = object>(value?: Done) => ({ ok: true as const, ...(value as Done) });
