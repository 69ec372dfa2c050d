/**
 * What the listener asks of the pages it answers itself, before React Router (docs/architecture.md §11): the
 * verification pages (their renderer is a route module's, handed to the listener by app/server/app.ts).
 */

/** What the page handler reads of a request: a whole Fetch Request only for a POST (its body). */
export type PageRequest = Pick<Request, "method" | "url"> & { headers: Pick<Headers, "get"> };

/** A page answer; the page is rendered once per language and content and kept. */
export interface PageAnswer {
  status: number;
  headers: Record<string, string>;
  page: RenderedPage | null;
}

export interface RenderedPage {
  html: Buffer;
  gzipped: () => Buffer;
}
