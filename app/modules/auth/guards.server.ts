import type { RouterContextProvider } from "react-router";
import { userContext } from "~/middleware/context";
import { redirectWithToast } from "~/modules/toast/toast.server";

/** Spec section 2: a signed-in user opening /login or /register goes to /profile with a warning. */
export async function redirectIfSignedIn(context: Readonly<RouterContextProvider>) {
  if (context.get(userContext)) {
    throw await redirectWithToast("/profile", { kind: "warning", message: "auth.alreadyLoggedIn" });
  }
}
