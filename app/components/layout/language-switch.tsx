import { Fragment } from "react";
import { useTranslation } from "~/platform/i18n/react";
import { FormTokenField } from "~/components/forms/form-token";
import { useLocation, href } from "react-router";
import { LANGUAGES } from "~/platform/i18n/languages";

/** A plain form post (works without JS); the server sets the cookie and returns to this page. */
export function LanguageSwitch() {
  const location = useLocation();
  return <LanguageSwitchForm redirectTo={location.pathname + location.search} />;
}

/** The same form without the router (the verification pages are rendered as plain documents). */
export function LanguageSwitchForm({ redirectTo }: { redirectTo: string }) {
  const { t, i18n } = useTranslation();
  return (
    <form
      method="post"
      action={href("/language")}
      className="flex items-center gap-1"
      aria-label={t("language.switchTo")}
    >
      <FormTokenField />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {LANGUAGES.map((lng, index) => (
        <Fragment key={lng}>
          {index > 0 ? " " : null}
          <button
            type="submit"
            name="lng"
            value={lng}
            lang={lng}
            aria-pressed={i18n.language === lng}
            // On a phone only the other language is offered: the page already shows which one it is in.
            className={`rounded px-2 py-1 text-sm ${i18n.language === lng ? "bg-accent-3 font-semibold text-accent-11 max-sm:hidden" : "text-gray-11 hover:bg-gray-3"}`}
          >
            {t(`language.${lng}`)}
          </button>
        </Fragment>
      ))}
    </form>
  );
}
