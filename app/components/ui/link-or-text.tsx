import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A link where the viewer may follow it, else the same words as text: `to` is what the area table answers
 * (docs/architecture.md §6), undefined when the viewer's role has no such screen.
 */
export function LinkOrText({
  to,
  className = "text-accent-11 underline",
  children,
}: {
  to: string | null | undefined;
  className?: string;
  children: ReactNode;
}) {
  return to ? (
    <Link to={to} className={className}>
      {children}
    </Link>
  ) : (
    <>{children}</>
  );
}
