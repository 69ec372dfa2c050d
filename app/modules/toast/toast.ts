export type ToastKind = "success" | "error" | "info" | "warning";

/** A flash message: translation keys, rendered in the page's language. */
export interface Toast {
  /** Set when the toast is flashed, so the same toast is not shown twice. */
  id?: string;
  kind: ToastKind;
  message: string;
  description?: string;
  params?: Record<string, string | number>;
}
