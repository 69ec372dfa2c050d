import routes from "~/routes";
import { pathsById } from "~/route-config";

/** Every route id's path pattern, from routes.ts (the browser's build reads the route manifest: route-paths.browser.ts). */
export const routePaths = () => pathsById(routes);
