import type { ReactNode } from "react";

/** A link that opens a file or the public verification page in a new tab, without giving it this page. */
export function NewTabLink({
  href,
  testId,
  className = "text-accent-11 underline",
  children,
}: {
  href: string;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className} data-testid={testId}>
      {children}
    </a>
  );
}
