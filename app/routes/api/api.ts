import { apiError } from "~/platform/api/errors.server";
import { dispatch, routesOf } from "./dispatch.server";
import { openApiDocument } from "./openapi.server";
import { OPERATIONS } from "./registry";
import type { Route } from "./+types/api";

const ROUTES = routesOf(OPERATIONS);
let document: string | undefined;

/** `/api/openapi.json`: generated from the operations once per process. */
function ownPaths(path: string, request: Request) {
  if (path !== "/api/openapi.json") return null;
  if (request.method !== "GET" && request.method !== "HEAD")
    return apiError(405, undefined, { headers: { Allow: "GET" } }).toResponse();
  document ??= JSON.stringify(openApiDocument(OPERATIONS));
  return new Response(document, {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-cache" },
  });
}

/** The JSON API (docs/architecture.md §18): one resource route; every call is an entry of `OPERATIONS`. */
export const loader = ({ request, context }: Route.LoaderArgs) => dispatch(ROUTES, request, context, ownPaths);
export const action = ({ request, context }: Route.ActionArgs) => dispatch(ROUTES, request, context, ownPaths);
