import { href, useLocation, useRouteLoaderData } from "react-router";
import { useTranslation } from "~/platform/i18n/react";
import { FormTokenField } from "~/components/forms/form-token";

/**
 * "Light version" / "Full version" (docs/decisions/0028): a plain form post, so it works in either; the server
 * remembers the choice and returns to this page.
 */
export function VersionSwitch({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const light = useRouteLoaderData("root")?.light === true;
  return (
    <form method="post" action={href("/version")} className={className}>
      <FormTokenField />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <input type="hidden" name="version" value={light ? "full" : "light"} />
      <button type="submit" className="text-sm text-accent-11 underline" data-testid="version-switch">
        {light ? t("version.full") : t("version.light")}
      </button>{" "}
      <span className="text-sm text-gray-11">{light ? t("version.onLight") : t("version.whyLight")}</span>
    </form>
  );
}

/** The foot of every page: the version switch. */
export function SiteFooter() {
  return (
    <footer className="border-t border-gray-5 px-4 py-3">
      <VersionSwitch />
    </footer>
  );
}
