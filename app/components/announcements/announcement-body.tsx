import { paragraphsOf } from "~/modules/announcements/schema";

/**
 * An announcement's body as plain text (docs/architecture.md §6.5): paragraphs kept, web addresses made links, anything
 * that looks like HTML shown as the text it is (React escapes it).
 */
export function AnnouncementBody({ body, lang }: { body: string; lang: "en" | "ar" }) {
  return (
    <div lang={lang} dir={lang === "ar" ? "rtl" : "ltr"} data-testid={`body-${lang}`}>
      {paragraphsOf(body).map((runs, index) => (
        <p key={index} style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
          {runs.map((run, at) =>
            "href" in run ? (
              <a key={at} href={run.href} rel="nofollow ugc noopener" dir="ltr">
                {run.href}
              </a>
            ) : (
              run.text
            ),
          )}
        </p>
      ))}
    </div>
  );
}
