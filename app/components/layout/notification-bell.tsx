import { href, Link } from "react-router";
import { useTranslation } from "~/platform/i18n/react";

/** The top bar's bell: a plain link to /notifications with the unread count (works without JS). */
export function NotificationBell({ unread }: { unread: number }) {
  const { t } = useTranslation();
  const count = unread > 99 ? "99+" : String(unread);
  return (
    <Link
      to={href("/notifications")}
      className="relative rounded-md p-1.5 text-gray-11 hover:bg-gray-3"
      data-testid="notification-bell"
    >
      {/* Its name as text (not aria-label): a text browser, which draws no icon, shows it. */}
      <span className="sr-only">{t("notifications.bell", { count: unread })} </span>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 ? (
        <span
          // The count is in the link's name already; seen, it stands apart from it.
          aria-hidden="true"
          className="absolute -top-1 -end-1 min-w-5 rounded-full bg-red-11 px-1 text-center text-xs font-bold text-white"
          data-testid="notification-count"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}
