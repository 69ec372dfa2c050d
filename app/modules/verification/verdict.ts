export type Verdict = "VALID" | "EXPIRED" | "REVOKED" | "NOT_FOUND";
