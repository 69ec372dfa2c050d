import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { DEFAULT_LANGUAGE, parseLanguage, type Language } from "~/platform/i18n/languages";

/** Remembers the language chosen with the switch (docs/architecture.md §9). */
export const localeCookie = createCookie("i18nextLng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

/** `?lng=` (exactly ar or en), then the switch's cookie, then Accept-Language, then Arabic. */
export async function detectLanguage(request: { url: string; headers: Pick<Headers, "get"> }): Promise<Language> {
  const query = request.url.includes("lng=") ? parseLanguage(new URL(request.url).searchParams.get("lng")) : null;
  if (query) return query;
  const cookieHeader = request.headers.get("Cookie");
  if (cookieHeader?.includes("i18nextLng=")) {
    const fromCookie = parseLanguage(await localeCookie.parse(cookieHeader).catch(() => null));
    if (fromCookie) return fromCookie;
  }
  return fromAcceptLanguage(request.headers.get("Accept-Language")) ?? DEFAULT_LANGUAGE;
}

/** The supported language with the highest quality in an Accept-Language header (`en-GB` counts as `en`). */
export function fromAcceptLanguage(header: string | null): Language | null {
  if (!header) return null;
  let best: { lng: Language; q: number } | null = null;
  for (const part of header.slice(0, 500).split(",")) {
    const [tag, ...params] = part.trim().split(";");
    const lng = parseLanguage(tag.trim().toLowerCase().split("-")[0]);
    const qParam = params.find((param) => param.trim().startsWith("q="));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    if (lng && Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { lng, q };
  }
  return best?.lng ?? null;
}

export const languageContext = createContext<Language>(DEFAULT_LANGUAGE);

export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(languageContext, await detectLanguage(request));
  return next();
};

export const getLocale = (context: Readonly<RouterContextProvider>): Language => context.get(languageContext);
