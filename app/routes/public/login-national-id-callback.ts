import {
  clearNationalIdCookie,
  finishNationalIdSignIn,
  nationalIdSettings,
} from "~/modules/identity/national-sign-in.server";
import { providerCallback } from "./provider-callback.server";
import type { Route } from "./+types/login-national-id-callback";

/** The national digital identity sends the browser back here with a code: checked, the account found, the session. */
export function loader(args: Route.LoaderArgs) {
  return providerCallback(args, {
    settings: nationalIdSettings(),
    finish: finishNationalIdSignIn,
    clearStarted: clearNationalIdCookie,
  });
}
