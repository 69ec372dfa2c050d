import { createCookie } from "react-router";
import { env, sessionSecret } from "~/utils/env.server";

/** After the right access PIN, the reviewer's browser may see the holder and the file for 15 minutes. */
let cookie: ReturnType<typeof createCookie> | undefined;
const unlockCookie = () =>
  (cookie ??= createCookie("verify-unlock", {
    path: "/verify",
    httpOnly: true,
    sameSite: "lax",
    secure: env.secureCookies,
    maxAge: 15 * 60,
    secrets: [sessionSecret()],
  }));

export const unlockHeader = (code: string) => unlockCookie().serialize(code);

export async function isUnlocked(request: { headers: Pick<Headers, "get"> }, code: string) {
  const cookies = request.headers.get("Cookie");
  if (!cookies?.includes("verify-unlock=")) return false; // most reviewers: nothing to check
  return (await unlockCookie().parse(cookies)) === code;
}
