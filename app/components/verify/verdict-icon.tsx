import type { Verdict } from "~/modules/verification/verdict";

/** Never colour alone: each verdict has its own shape too. */
export function VerdictIcon({ verdict }: { verdict: Verdict }) {
  const path = {
    VALID: "M7 12.5l3.5 3.5L17 9",
    EXPIRED: "M12 7v5l3 2",
    REVOKED: "M8 8l8 8M16 8l-8 8",
    NOT_FOUND: "M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .8-1 1.5V14M12 17h.01",
  }[verdict];
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <circle cx="12" cy="12" r="10" />
      <path d={path} />
    </svg>
  );
}
