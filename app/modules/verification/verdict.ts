export type Verdict = "VALID" | "EXPIRED" | "REVOKED" | "NOT_FOUND";

export function verdictOf(document: { status: string; expiry_date: string } | undefined, now = new Date()): Verdict {
  if (!document) return "NOT_FOUND";
  if (document.status === "REVOKED") return "REVOKED";
  return Date.parse(document.expiry_date) < now.getTime() ? "EXPIRED" : "VALID";
}
