import { href } from "react-router";
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/react";
import { LanguageSwitchForm } from "~/components/layout/language-switch";
import { directionOf } from "~/platform/i18n/languages";

/**
 * The verification pages' own frame: no script, one small inline stylesheet (no extra round trip),
 * readable in a text browser. docs/architecture.md §7.
 */
const CSS = `
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Tahoma,"Noto Sans Arabic",Arial,sans-serif;color:#1c2024;background:#f9f9fb}
.v-wrap{max-width:40rem;margin:0 auto;padding:1rem}
.v-top{display:flex;justify-content:space-between;align-items:center;gap:1rem;flex-wrap:wrap;border-bottom:1px solid #e0e1e6;padding-bottom:.5rem}
.v-top a{color:#3a5bc7;font-weight:700;text-decoration:none}
.v-top form{display:flex;gap:.25rem}.v-top button{border:0;background:none;padding:.25rem .5rem;border-radius:4px;font:inherit;cursor:pointer;color:#60646c}
.v-top button[aria-pressed=true]{background:#e6edfe;color:#3a5bc7;font-weight:700}
h1{font-size:1.5rem;margin:1rem 0 .5rem}h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
.v-card{background:#fff;border:1px solid #e0e1e6;border-radius:8px;padding:1rem;margin:1rem 0}
.v-verdict{display:flex;gap:.75rem;align-items:center;border-radius:8px;padding:1rem;border:2px solid}
.v-verdict svg{flex:none;width:2.5rem;height:2.5rem}.v-verdict strong{font-size:1.5rem;display:block}
.v-VALID{background:#e9f9ee;border-color:#30a46c;color:#18794e}.v-EXPIRED{background:#fff7c2;border-color:#ab6400;color:#ab6400}
.v-REVOKED{background:#feebec;border-color:#e5484d;color:#ce2c31}.v-NOT_FOUND{background:#f0f0f3;border-color:#8b8d98;color:#1c2024}
dl{display:grid;grid-template-columns:minmax(7rem,max-content) 1fr;gap:.4rem 1rem;margin:0}dt{color:#60646c}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.85em;overflow-wrap:anywhere}
label{display:block;font-weight:600;margin-bottom:.25rem}
input[type=text],input[type=file]{width:100%;box-sizing:border-box;font:inherit;padding:.5rem;border:1px solid #b9bbc6;border-radius:6px;background:#fff}
.v-btn{display:inline-block;margin-top:.5rem;font:inherit;font-weight:600;padding:.5rem 1rem;border:0;border-radius:6px;background:#3e63dd;color:#fff;cursor:pointer;text-decoration:none}
.v-msg{padding:.5rem .75rem;border-radius:6px;margin:.5rem 0}.v-ok{background:#e9f9ee;color:#18794e}.v-bad{background:#feebec;color:#ce2c31}.v-note{background:#e6edfe;color:#1f2d5c}
.v-hint{color:#60646c;font-size:.875rem}
textarea{width:100%;box-sizing:border-box;font:inherit;font-family:ui-monospace,Menlo,Consolas,monospace;padding:.5rem;border:1px solid #b9bbc6;border-radius:6px}
.v-btn-quiet{background:#fff;color:#3a5bc7;border:1px solid #3e63dd}
.v-scroll{overflow-x:auto;margin:1rem 0}.v-table{border-collapse:collapse;width:100%;background:#fff;font-size:.9rem}
.v-table caption{text-align:start;font-weight:600;padding:.25rem 0}.v-table th,.v-table td{border:1px solid #e0e1e6;padding:.4rem .5rem;text-align:start;vertical-align:top}
.v-cell-VALID{color:#18794e;font-weight:700}.v-cell-REVOKED,.v-cell-NOT_FOUND,.v-cell-INVALID_CODE{color:#ce2c31;font-weight:700}.v-cell-EXPIRED,.v-cell-RATE_LIMITED{color:#ab6400;font-weight:700}
.v-qr{max-width:18rem;background:#fff;padding:.5rem}.v-qr svg{display:block;width:100%;height:auto}
fieldset{border:1px solid #e0e1e6;border-radius:6px;margin:.75rem 0;padding:.5rem .75rem}legend{font-weight:600}
fieldset label{font-weight:400;display:flex;gap:.5rem;align-items:center;margin:.25rem 0}
.v-body a{color:#3a5bc7}.v-link{display:inline-block;padding:.4rem 0}.v-list{list-style:none;padding:0}.v-list li{margin:.75rem 0}
`;

/**
 * The whole document: rendered without React Router, so the page costs little to serve (docs/architecture.md §11). Also the
 * frame of the public announcement pages, which search engines may index and links preview (`description`).
 */
export function VerifyShell({
  title,
  path,
  children,
  description,
  indexable = false,
  feed,
  refreshSeconds,
}: {
  title: string;
  path: string;
  children: ReactNode;
  description?: string;
  indexable?: boolean;
  /** An Atom feed to announce to feed readers and browsers (autodiscovery). */
  feed?: { href: string; title: string };
  /** Reload the page after this many seconds (a page that waits for an answer, without script). */
  refreshSeconds?: number;
}) {
  const { t, i18n } = useTranslation();
  return (
    <html lang={i18n.language} dir={directionOf(i18n.language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {indexable ? null : <meta name="robots" content="noindex" />}
        {refreshSeconds ? <meta httpEquiv="refresh" content={String(refreshSeconds)} /> : null}
        <title>{`${title} · ${t("app.name")}`}</title>
        {description ? (
          <>
            <meta name="description" content={description} />
            <meta property="og:title" content={title} />
            <meta property="og:description" content={description} />
            <meta property="og:type" content="article" />
          </>
        ) : null}
        {feed ? <link rel="alternate" type="application/atom+xml" href={feed.href} title={feed.title} /> : null}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <style>{CSS}</style>
      </head>
      <body>
        <div className="v-wrap">
          <header className="v-top">
            <a href={href("/")}>{t("app.name")}</a>
            <LanguageSwitchForm redirectTo={path} />
          </header>
          <main>{children}</main>
        </div>
      </body>
    </html>
  );
}
