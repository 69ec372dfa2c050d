import { z } from "zod";
import { REQUEST_STATUSES } from "~/db/schema";

/** `page` from 0 and `size` (default 10, at most 100) from the URL; bad values fall back. */
export function pagingOf(url: URL, defaultSize = 10) {
  const page = Number.parseInt(url.searchParams.get("page") ?? "0", 10);
  const size = Number.parseInt(url.searchParams.get("size") ?? String(defaultSize), 10);
  return {
    page: Number.isFinite(page) && page >= 0 ? page : 0,
    size: Number.isFinite(size) && size > 0 ? Math.min(size, 100) : defaultSize,
  };
}

export const statusFilterSchema = z.enum(REQUEST_STATUSES).optional().catch(undefined);

export const beneficiaryEditSchema = z.object({
  requestMessage: z.string().trim().max(2000).default(""),
});
