import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { refusalHeaders, statusOfRefusal, type Refused } from "~/platform/outcome";

/** What conform's parse gives a route: its reply keeps the input (docs/architecture.md §4, forms). */
type Submission = {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): Reply;
};
type Reply = SubmissionResult<string[]>;
type ReplyOptions = {
  /** The field the message stands beside, when the refusal does not name one (the file of an upload). */
  field?: string;
  /** Fields not sent back (passwords, one-time codes). */
  hideFields?: string[];
};

/**
 * The one bridge from a refusal to a form's answer: its message beside its field (or above the form), the input
 * kept, with the status its kind means (400 invalid, 404, 409 conflict, 413, 422, 429). `wrap` puts the reply into a
 * screen's own answer where it carries more (which form of the page answered).
 */
export function replyRefused<Body = Reply>(
  refusal: Refused,
  submission?: Submission,
  options: ReplyOptions & { wrap?: (reply: Reply, refusal: Refused) => Body } = {},
) {
  const reply = refusalReply(refusal, submission, options);
  return data(options.wrap ? options.wrap(reply, refusal) : (reply as Body), initOf(refusal));
}

function refusalReply(refusal: Refused, submission: Submission | undefined, options: ReplyOptions): Reply {
  const field = options.field ?? refusal.field;
  const errors = field ? { fieldErrors: { [field]: [refusal.error] } } : { formErrors: [refusal.error] };
  if (submission) return submission.reply({ ...errors, hideFields: options.hideFields });
  // Nothing was parsed (an upload cut off at its limit, before its fields were read): no input to keep.
  return { status: "error", initialValue: {}, error: { [field ?? ""]: [refusal.error] }, fields: [] };
}

/** The form's schema refused the post: 400, each message beside its field, the input kept. */
export function replyInvalid<Body = Reply>(
  submission: Submission,
  options: Omit<ReplyOptions, "field"> & {
    fieldErrors?: Record<string, string[]>;
    formErrors?: string[];
    wrap?: (reply: Reply) => Body;
  } = {},
) {
  const { wrap, ...reply } = options;
  const result = submission.reply(reply);
  return data(wrap ? wrap(result) : (result as Body), { status: 400 });
}

/**
 * The answer to a one-button post a service refused (a delete of something still in use, a job no longer running):
 * its message and what it lists to say more, with the status its kind means.
 */
export const refusalAnswer = (refusal: Refused) =>
  data({ error: refusal.error, details: refusal.details ?? {} }, initOf(refusal));

const initOf = (refusal: Refused) => ({ status: statusOfRefusal(refusal), headers: refusalHeaders(refusal) });

/** A resource route's refusal (a file that cannot be drawn): its message as plain text, with its status. */
export const refusalText = (refusal: Refused, message: string) =>
  new Response(message, {
    ...initOf(refusal),
    headers: { "Content-Type": "text/plain; charset=utf-8", ...refusalHeaders(refusal) },
  });
