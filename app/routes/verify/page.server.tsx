import { FORBIDDEN, NOT_FOUND } from "~/modules/access/require.server";
import type { PageAnswer, PageRequest, RenderedPage } from "~/platform/server/page-answer";
import { href } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ComponentProps, ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { VerifyErrorPage, VerifyFormPage, VerifyResultPage, type CheckResult } from "~/components/verify/verify-pages";
import { view } from "~/modules/verification/view";
import { getDb } from "~/platform/db/db.server";
import { getSessionUser } from "~/modules/auth/session.server";
import { detectLanguage } from "~/middleware/i18next.server";
import { translatorFor } from "~/platform/i18n/instances.server";
import { TranslatorContext } from "~/platform/i18n/translator";
import type { Language } from "~/platform/i18n/languages";
import { postSourceOf } from "~/platform/security/origin.server";
import { anchorForPage, anchorOf, formTokenFor, isValidFormToken } from "~/platform/security/form-token.server";
import { FormTokenContext } from "~/components/forms/form-token";
import { pageTemplate, TOKEN_PLACEHOLDER, type PageTemplate } from "./token-template.server";
import { hit } from "~/platform/security/rate-limit.server";
import { env } from "~/platform/env.server";
import { normalizeCode } from "~/modules/verification/code";
import { hashPostedFile } from "~/modules/verification/file-check.server";
import { findIssuedDocumentByCode } from "~/modules/verification/queries.server";
import { pinSchema } from "~/modules/verification/schema";
import { DOCUMENT_MAX_BYTES } from "~/modules/files/limits";
import {
  checkAccessPin,
  pinRetryAfterSeconds,
  VERIFY_WINDOW_MS,
  verdictOf,
  verifyCode,
  type IssuedDocument,
} from "~/modules/verification/service.server";
import { isUnlocked, unlockHeader } from "~/modules/verification/unlock.server";
import { mediaTypeOf, readForm, readFormToken, refusedBodyStatus } from "~/platform/http/body.server";
import { fromFlag } from "~/platform/db/values";

const PAGES = { form: VerifyFormPage, error: VerifyErrorPage, result: VerifyResultPage };
type Pages = typeof PAGES;

// The rendered pages by language and props. Rendering was a third of a look-up's time (docs/architecture.md §11), and
// a page depends only on these: the verdict, the holder shown or not and the dates are all in its props.
// The visitor's form token is written in at answer time (token-template.server.ts).
const renderedPages = new Map<string, PageTemplate>();
const MAX_RENDERED_PAGES = 1000;

function renderPage<K extends keyof Pages>(
  lng: Language,
  kind: K,
  props: ComponentProps<Pages[K]>,
  token: string,
): RenderedPage {
  const key = `${lng} ${kind} ${JSON.stringify(props)}`;
  let template = renderedPages.get(key);
  if (!template) {
    const Page = PAGES[kind] as unknown as (props: object) => ReactElement;
    template = pageTemplate(
      `<!DOCTYPE html>${renderToStaticMarkup(
        <TranslatorContext.Provider value={translatorFor(lng)}>
          <FormTokenContext.Provider value={TOKEN_PLACEHOLDER}>
            <Page {...props} />
          </FormTokenContext.Provider>
        </TranslatorContext.Provider>,
      )}`,
    );
    if (renderedPages.size >= MAX_RENDERED_PAGES) renderedPages.clear();
    renderedPages.set(key, template);
  }
  return template.render(token);
}

/**
 * The public verification pages, `/verify` and `/verify/{code}` (docs/architecture.md §7). They carry no
 * script, so they are rendered as plain documents, without React Router's document pipeline: the
 * route modules answer with `verificationResponse`, and the production server's fast path takes the
 * answer as it is (a GET there does not even build a Fetch Request).
 */
export async function verificationAnswer(request: PageRequest, ip: string): Promise<PageAnswer> {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\/+$/, "") || "/";
  const lng = await detectLanguage(request);
  // The visitor's anchor for the forms' token, set with the answer when they have none yet (docs/decisions/0012).
  const { anchor, setCookie } = anchorForPage(request.headers.get("Cookie"));
  const page = <K extends keyof Pages>(
    kind: K,
    props: ComponentProps<Pages[K]>,
    status = 200,
    headers: Record<string, string> = {},
  ): PageAnswer => ({
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      Vary: "Accept-Language, Cookie",
      ...(setCookie && !headers["Set-Cookie"] ? { "Set-Cookie": setCookie } : {}),
      ...headers,
    },
    page: renderPage(lng, kind, props, formTokenFor(anchor)),
  });
  const redirect = (location: string, headers: Record<string, string> = {}): PageAnswer => ({
    status: 302,
    headers: { Location: location, ...headers },
    page: null,
  });
  const rateLimited = () =>
    page("error", { status: 429, path }, 429, { "Retry-After": String(VERIFY_WINDOW_MS / 1000) });

  if (path === "/verify") {
    const typed = url.searchParams.get("code");
    if (typed === null) return page("form", { typed: "", invalid: false, path });
    const code = normalizeCode(typed);
    if (code) return redirect(href("/verify/:code", { code }));
    return page("form", { typed: typed.slice(0, 40), invalid: true, path }, 400);
  }

  const rawCode = decodedOrAsIs(path.slice("/verify/".length));
  const code = normalizeCode(rawCode);

  if (request.method === "POST") {
    if (!(request instanceof Request)) throw new Error("a POST is answered from the whole request");
    if (!(await hit(`verify:${ip}`, env.verifyRateLimit, VERIFY_WINDOW_MS))) return rateLimited();
    const source = postSourceOf(request);
    if (
      source === "foreign" ||
      (source === "unknown" && !isValidFormToken(anchorOf(request.headers.get("Cookie")), await readFormToken(request)))
    ) {
      return page("error", { status: FORBIDDEN, path }, FORBIDDEN);
    }
    const document = code ? await findIssuedDocumentByCode(getDb(), code) : undefined;
    if (!code || !document) return page("error", { status: NOT_FOUND, path }, NOT_FOUND);
    const unlocked = isUnlocked(request, code);
    const resultPage = (result: CheckResult, status: number, headers: Record<string, string> = {}) =>
      page("result", { view: view(code, verdictOf(document), document, unlocked), result, path }, status, headers);
    let form: FormData;
    try {
      if (mediaTypeOf(request) === "multipart/form-data") {
        const check = await hashPostedFile(request, document.document_hash, DOCUMENT_MAX_BYTES);
        // Whoever presents the document's own file holds it: a SecurePlus document opens for them as with its PIN.
        if (check.status === "match" && fromFlag(document.secure_plus_enabled) && !unlocked) {
          return page(
            "result",
            { view: view(code, verdictOf(document), document, true), result: { file: "match" }, path },
            200,
            { "Set-Cookie": unlockHeader(code) },
          );
        }
        return resultPage({ file: check.status }, check.status === "too-large" ? 413 : 200);
      }
      form = await readForm(request);
    } catch (thrown) {
      const status = refusedBodyStatus(thrown);
      if (status) return page("error", { status, path }, status);
      throw thrown;
    }
    const submission = parseWithZod(form, { schema: pinSchema });
    if (submission.status !== "success") return resultPage({ pin: "format" }, 400);
    if (document.secure_plus_enabled !== 1) return redirect(href("/verify/:code", { code }));
    // The holder signed in on the service is never refused by others' guesses (docs/decisions/0014).
    const holder = (await getSessionUser(getDb(), request))?.id === document.beneficiary_id;
    const result = await checkAccessPin(document, submission.value.pin, { visitor: ip, holder });
    if (result === "ok") return redirect(href("/verify/:code", { code }), { "Set-Cookie": unlockHeader(code) });
    if (result === "wrong") return resultPage({ pin: result }, 400);
    return resultPage({ pin: "locked" }, 429, { "Retry-After": String(pinRetryAfterSeconds(result)) });
  }

  if (code && code !== rawCode) {
    if (!(await hit(`verify:${ip}`, env.verifyRateLimit, VERIFY_WINDOW_MS))) return rateLimited();
    return redirect(href("/verify/:code", { code }));
  }
  const result = await verifyCode(getDb(), rawCode, {
    ip,
    userAgent: request.headers.get("User-Agent"),
    rateLimit: env.verifyRateLimit,
  });
  if (result === "rate-limited") return rateLimited();
  const unlocked = result.code ? isUnlocked(request, result.code) : false;
  const status = result.verdict === "NOT_FOUND" ? 404 : 200;
  return page(
    "result",
    { view: view(result.code ?? rawCode.slice(0, 40), result.verdict, result.document, unlocked), path },
    status,
  );
}

/**
 * A revoked (or superseded) document's file is not served to the public: its verdict page, 410 Gone. Its
 * holder and the issuer's staff still open it from their own pages (`/files/{id}`, which checks who asks).
 */
export async function revokedFileResponse(request: Request, code: string, document: IssuedDocument): Promise<Response> {
  const lng = await detectLanguage(request);
  const { anchor, setCookie } = anchorForPage(request.headers.get("Cookie"));
  const unlocked = isUnlocked(request, code);
  const rendered = renderPage(
    lng,
    "result",
    { view: view(code, verdictOf(document), document, unlocked), path: href("/verify/:code", { code }) },
    formTokenFor(anchor),
  );
  const headers: Record<string, string> = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    Vary: "Accept-Language, Cookie",
  };
  if (setCookie) headers["Set-Cookie"] = setCookie;
  return new Response(new Uint8Array(rendered.html), { status: 410, headers });
}

/** The answer as a Fetch Response, for the route modules. */
export async function verificationResponse(request: Request, ip: string): Promise<Response> {
  const answer = await verificationAnswer(request, ip);
  return new Response(answer.page ? new Uint8Array(answer.page.html) : null, {
    status: answer.status,
    headers: answer.headers,
  });
}

/** A segment that is not valid percent-encoding is taken as it is: it is then simply not a code. */
function decodedOrAsIs(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
