import { useTranslation } from "~/platform/i18n/react";
import { Email } from "~/components/ui/unbroken";
import { FormTokenField } from "~/components/forms/form-token";
import { Link, href } from "react-router";
import { fullName, initials, type SessionUser } from "~/modules/auth/session-user";

/** A disclosure (works without JS): initials, full English name, email, role, Profile, Log out. */
export function UserMenu({ user, className = "" }: { user: SessionUser; className?: string }) {
  const { t } = useTranslation();
  return (
    <details className={`relative ${className}`} data-testid="user-menu">
      {/* Its name is what it shows (the initials) and what it is: WCAG 2.5.3, label in name. */}
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full p-1 hover:bg-gray-3">
        <span
          className="flex size-9 items-center justify-center rounded-full bg-accent-9 text-sm font-bold text-white"
          dir="ltr"
        >
          {initials(user)}
        </span>{" "}
        <span className="sr-only">{t("userMenu.label")}</span>
      </summary>
      <div className="absolute end-0 z-30 mt-2 w-64 rounded-lg border border-gray-6 bg-white p-3 shadow-lg">
        <p className="font-semibold" dir="ltr" lang="en">
          {fullName(user, "english")}
        </p>
        <p className="text-sm text-gray-11">
          <Email address={user.email} />
        </p>
        <p className="mt-1 text-xs text-accent-11">{t(`roles.${user.role}`)}</p>
        <hr className="my-2 border-gray-5" />
        <Link to={href("/profile")} className="block rounded px-2 py-1.5 text-sm hover:bg-gray-3">
          {t("userMenu.profile")}
        </Link>
        <form method="post" action={href("/logout")}>
          <FormTokenField />
          <button type="submit" className="block w-full rounded px-2 py-1.5 text-start text-sm hover:bg-gray-3">
            {t("userMenu.logout")}
          </button>
        </form>
      </div>
    </details>
  );
}
