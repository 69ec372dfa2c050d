import type { ReactNode } from "react";

/**
 * A wide table or text that scrolls sideways inside itself on a phone: a named region, reachable by keyboard (its
 * arrows scroll it), so every column can be reached without a mouse (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
