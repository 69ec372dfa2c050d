import type { ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router";

type Variant = "solid" | "soft" | "outline" | "ghost" | "danger";

const base =
  "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60";
const variants: Record<Variant, string> = {
  solid: "bg-accent-9 text-white hover:bg-accent-10",
  soft: "bg-accent-3 text-accent-11 hover:bg-accent-4",
  outline: "border border-gray-7 bg-white text-gray-12 hover:bg-gray-2",
  ghost: "text-gray-11 hover:bg-gray-3",
  // White on red-9 is under 4.5:1 (axe-core); red-11 is well above it.
  danger: "bg-red-11 text-white hover:opacity-90",
};

export const buttonClass = (variant: Variant = "solid", extra = "") => `${base} ${variants[variant]} ${extra}`;

export function Button({
  variant = "solid",
  className = "",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type="button" className={buttonClass(variant, className)} {...props} />;
}

export function ButtonLink({ variant = "solid", className = "", ...props }: LinkProps & { variant?: Variant }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
