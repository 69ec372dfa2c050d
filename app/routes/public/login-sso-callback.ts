import { clearStartedCookie, finishSingleSignOn, singleSignOnSettings } from "~/modules/auth/single-sign-on.server";
import { providerCallback } from "./provider-callback.server";
import type { Route } from "./+types/login-sso-callback";

/** The staff directory sends the browser back here with a code: checked, then the session (docs/decisions/0018). */
export function loader(args: Route.LoaderArgs) {
  return providerCallback(args, {
    settings: singleSignOnSettings(),
    finish: finishSingleSignOn,
    clearStarted: clearStartedCookie,
  });
}
