import type { ReactNode } from "react";

export type BadgeVariant = "default" | "secondary" | "destructive" | "success" | "warning";

const variants: Record<BadgeVariant, string> = {
  default: "bg-accent-9 text-white",
  secondary: "bg-gray-4 text-gray-12",
  // Text of at least 4.5:1 on every badge (WCAG AA for small text; axe-core checks it).
  destructive: "bg-red-11 text-white",
  success: "bg-green-11 text-white",
  warning: "bg-amber-3 text-gray-12",
};

export function Badge({ variant = "default", children }: { variant?: BadgeVariant; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${variants[variant]}`}>
      {children}
    </span>
  );
}
