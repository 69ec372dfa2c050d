import type { ReactNode } from "react";

export type BadgeVariant = "default" | "secondary" | "destructive" | "success" | "warning";

const variants: Record<BadgeVariant, string> = {
  default: "bg-accent-9 text-white",
  secondary: "bg-gray-4 text-gray-12",
  destructive: "bg-red-9 text-white",
  success: "bg-green-9 text-white",
  warning: "bg-amber-3 text-amber-11",
};

export function Badge({ variant = "default", children }: { variant?: BadgeVariant; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${variants[variant]}`}>
      {children}
    </span>
  );
}
