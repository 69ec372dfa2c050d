import type { IncomingMessage } from "node:http";

/** A request header as the Fetch API gives it: repeated ones joined, a missing one null. */
export const headerOf = (req: IncomingMessage, name: string): string | null => {
  const value = req.headers[name.toLowerCase()];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
};
