import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const number = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

/** Configuration from the environment (DESIGN section 13); every variable is optional. */
export const env = {
  get port() {
    return number(process.env.PORT, 3000);
  },
  get publicUrl() {
    return (process.env.PUBLIC_URL ?? `http://localhost:${this.port}`).replace(/\/+$/, "");
  },
  get storageDir() {
    return process.env.STORAGE_DIR ?? "./data/files";
  },
  get demoData() {
    return (process.env.DEMO_DATA ?? "on").toLowerCase() !== "off";
  },
  get isProduction() {
    return process.env.NODE_ENV === "production";
  },
  /** Cookies are Secure and `__Host-` prefixed when the public address is https. */
  get secureCookies() {
    return this.publicUrl.startsWith("https://");
  },
  /** Sign-in and registration posts allowed per IP per minute. */
  get authRateLimit() {
    return number(process.env.AUTH_RATE_LIMIT, 10);
  },
};

let cachedSecret: string | undefined;

/** SESSION_SECRET, or a random secret generated once and kept beside the database. */
export function sessionSecret(): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  if (cachedSecret) return cachedSecret;
  const file = path.resolve(process.env.SESSION_SECRET_FILE ?? "./data/session-secret");
  try {
    cachedSecret = fs.readFileSync(file, "utf8").trim();
  } catch {
    cachedSecret = crypto.randomBytes(32).toString("hex");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, cachedSecret, { mode: 0o600 });
  }
  return cachedSecret;
}
