import { data } from "react-router";

const windows = new Map<string, { start: number; count: number }>();

/** Fixed-window counter in memory: true when `key` is still under `limit` hits per `windowMs`. */
export function hit(key: string, limit: number, windowMs: number, now = Date.now()): boolean {
  const current = windows.get(key);
  if (!current || now - current.start >= windowMs) {
    windows.set(key, { start: now, count: 1 });
    if (windows.size > 50_000) prune(now, windowMs);
    return true;
  }
  current.count += 1;
  return current.count <= limit;
}

/** How many hits `key` has in its current window (0 when the window is over). */
export function hitsInWindow(key: string, windowMs: number, now = Date.now()): number {
  const current = windows.get(key);
  return current && now - current.start < windowMs ? current.count : 0;
}

function prune(now: number, windowMs: number) {
  for (const [key, value] of windows) if (now - value.start >= windowMs) windows.delete(key);
}

export function resetRateLimits() {
  windows.clear();
}

/** Throws a 429 (rendered as a translated page) when the limit is passed. */
export function enforceRateLimit(key: string, limit: number, windowMs = 60_000) {
  if (!hit(key, limit, windowMs)) {
    throw data({ reason: "rate-limited" }, { status: 429, headers: { "Retry-After": String(Math.ceil(windowMs / 1000)) } });
  }
}
