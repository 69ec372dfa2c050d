import type { ReactNode } from "react";
import { useTranslation } from "~/utils/i18n";
import { Link, href } from "react-router";
import { LanguageSwitch } from "./language-switch";

/** Header and frame of the public pages (home, login, register). */
export function PublicShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#content" className="sr-only focus:not-sr-only">
        {t("app.skipToContent")}
      </a>
      <header className="border-b border-gray-5 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3">
          <Link to={href("/")} className="min-w-0 truncate font-bold text-accent-11">
            {t("app.name")}
          </Link>
          <LanguageSwitch />
        </div>
      </header>
      <main id="content" className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        {children}
      </main>
    </div>
  );
}
