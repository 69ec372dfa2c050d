import { useEffect, useRef, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * A dialog addressed by the URL (`?dialog=...`, docs/architecture.md §2): without JS it renders inline, open;
 * with JS the same markup becomes a modal, and closing it drops the parameter.
 */
/** The current address without `?dialog=`: where Cancel and Escape go. */
export function useUrlWithoutDialog() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("dialog");
  const search = params.toString();
  return search ? `${location.pathname}?${search}` : location.pathname;
}

/**
 * The links that open a dialog: the current address with `?dialog=name` (and the dialog's own parameters), keeping
 * the rest of its query (a list to return to, a page, filters).
 */
export function useDialogUrl() {
  const location = useLocation();
  return (name: string, extra: Record<string, string | number> = {}) => {
    const params = new URLSearchParams(location.search);
    params.set("dialog", name);
    for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
    return `${location.pathname}?${params}`;
  };
}

export function UrlDialog({
  labelledBy,
  testId,
  children,
}: {
  labelledBy: string;
  testId?: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const closedUrl = useUrlWithoutDialog();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.matches(":modal")) {
      element.removeAttribute("open"); // unlike close(), fires no close event
      element.showModal();
    }
  }, []);
  return (
    <dialog
      ref={dialog}
      open
      onClose={() => navigate(closedUrl, { preventScrollReset: true, replace: true })}
      aria-labelledby={labelledBy}
      data-testid={testId}
      className="static z-50 w-full max-w-lg rounded-lg border border-gray-6 bg-white p-5 shadow-xl backdrop:bg-black/40 open:[&:modal]:fixed open:[&:modal]:inset-0 open:[&:modal]:m-auto"
    >
      {children}
    </dialog>
  );
}
