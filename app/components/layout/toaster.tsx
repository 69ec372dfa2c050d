import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "~/platform/i18n/react";
import { toastValues, type Toast, type ToastKind } from "~/platform/toast/toast";

const MAX_TOASTS = 3;
// The 12th step on the 3rd: green-11 and amber-11 on their 3rd step read at 4.2:1, under WCAG AA's 4.5:1 (axe-core).
const tone: Record<ToastKind, string> = {
  success: "border-green-6 bg-green-3 text-green-12",
  error: "border-red-6 bg-red-3 text-red-11",
  info: "border-accent-6 bg-accent-2 text-accent-12",
  warning: "border-amber-6 bg-amber-3 text-amber-12",
};

/**
 * Stacked at the top end (top-right in English) above the page, in its flow, at most three: a toast pushes the
 * page down and never covers one of its controls, at any width. Rendered by the server, so a toast shows without
 * JS. Each closes itself after three seconds (the spec's), by a CSS animation that waits while the pointer or the
 * focus is on it, with or without JS; its space stays until the next page, so nothing moves under a click. Each
 * has a close button: with JS it removes the toast, without JS it is a link to the same page, which comes back
 * without it (a flash toast is read once).
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const { t, i18n } = useTranslation();
  const [toasts, setToasts] = useState(toast ? [toast] : []);
  const [closed, setClosed] = useState<ReadonlySet<Toast>>(new Set());
  const location = useLocation();

  useEffect(() => {
    if (!toast) return;
    setToasts((current) =>
      current.some((item) => item === toast || (item.id && item.id === toast.id))
        ? current
        : [...current, toast].slice(-MAX_TOASTS),
    );
  }, [toast]);

  // A toast that closed itself keeps its space until the next page.
  useEffect(() => {
    setToasts((current) => current.filter((item) => !closed.has(item)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new page only
  }, [location.key]);

  return (
    <section aria-label={t("toasts.notifications")} className="toasts flex flex-col gap-2">
      {toasts.map((item) => (
        <div
          key={item.id ?? item.message}
          role={item.kind === "error" ? "alert" : "status"}
          data-kind={item.kind}
          className={`toast flex items-start gap-2 rounded-lg border px-4 py-3 shadow-md ${tone[item.kind]}`}
          onAnimationEnd={() => setClosed((current) => new Set(current).add(item))}
        >
          <div className="flex-1">
            <p className="font-semibold">{t(item.message, toastValues(item.params, i18n.language, t))}</p>
            {item.description ? (
              <p className="text-sm">{t(item.description, toastValues(item.params, i18n.language, t))}</p>
            ) : null}
            {item.link ? (
              <Link to={item.link.href} className="text-sm underline" data-testid="toast-link">
                {t(item.link.label, toastValues(item.params, i18n.language, t))}
              </Link>
            ) : null}
          </div>
          <a
            href={`${location.pathname}${location.search}`}
            aria-label={t("toasts.close")}
            className="-me-2 -mt-1 rounded px-2 text-lg leading-none opacity-70 hover:opacity-100"
            onClick={(event) => {
              event.preventDefault();
              setToasts((current) => current.filter((candidate) => candidate !== item));
            }}
          >
            <span aria-hidden="true">×</span>
          </a>
        </div>
      ))}
    </section>
  );
}
