/**
 * What a service answers when it may refuse (docs/architecture.md §4): done, with what it made, or refused, with
 * `error`, the locale key of what the user reads, and the form field it belongs to when there is one.
 * Callers test `ok`; routes show `error`, the API answers it, so a refusal reads the same everywhere.
 */
export interface Refused<Error extends string = string> {
  ok: false;
  error: Error;
  field?: string;
  /** What the page lists to say more (the records that still use a client). */
  details?: Record<string, number>;
  /** Several fields at fault at once (a whole request posted to the API): each field and its message. */
  problems?: { field: string; key: string }[];
}

/** The refusal of an id that does not exist or is not the caller's: the pages answer 404. */
export const NOT_FOUND_ERROR = "errors.notFound";

export type Outcome<Done extends object = object, Error extends string = string> =
  ({ ok: true } & Done) | Refused<Error>;

export const refused = <Error extends string>(
  error: Error,
  field?: string,
  details?: Record<string, number>,
): Refused<Error> => ({
  ok: false,
  error,
  ...(field === undefined ? {} : { field }),
  ...(details === undefined ? {} : { details }),
});

/** Refused for several fields at once. */
export const refusedFields = (problems: { field: string; key: string }[]): Refused => ({
  ok: false,
  error: "api.errors.validation",
  problems,
});

export const done = <Done extends object = object>(value?: Done) => ({ ok: true as const, ...(value as Done) });
