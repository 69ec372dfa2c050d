import type { Route } from "./+types/people-export";
import { exportPeople, roleOfListPath } from "./people.server";

/** A people list's download (`…/export?format=csv|xlsx` with its search), mounted beside each people list. */
export const loader = (args: Route.LoaderArgs) => exportPeople(args, roleOfListPath(args.url.pathname));
