import type { ReactNode } from "react";

type Tone = "error" | "info" | "success" | "warning";
const tones: Record<Tone, string> = {
  error: "border-red-6 bg-red-3 text-red-11",
  info: "border-accent-6 bg-accent-2 text-accent-12",
  // green-11 on green-3 is 4.2:1, and amber-11 on amber-3 too; the 12th step reads at 4.5:1 and more (WCAG AA, axe-core).
  success: "border-green-6 bg-green-3 text-green-12",
  warning: "border-amber-6 bg-amber-3 text-amber-12",
};

export function Callout({ tone = "info", children }: { tone?: Tone; children: ReactNode }) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md border px-4 py-3 text-sm ${tones[tone]}`}>
      {children}
    </div>
  );
}
