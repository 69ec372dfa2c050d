import { z } from "zod";
import { getDb } from "~/platform/db/db.server";
import { ROLES } from "~/platform/db/schema";
import { principalOfUser } from "~/modules/access/principal.server";
import { apiError } from "~/platform/api/errors.server";
import { apiUserOf, issueApiTokens, refreshApiTokens, revokeApiTokens } from "~/modules/auth/api-tokens.server";
import { loginSchema } from "~/modules/auth/schema";
import { mailSignInLink } from "~/modules/auth/password-reset.server";
import { signIn } from "~/modules/auth/service.server";
import {
  accountLockedError,
  countSignInAttempt,
  limitAuthRequests,
  programSignInSucceeded,
} from "~/modules/auth/sign-in-limits.server";
import { secondFactorSchema } from "~/modules/two-factor/schema";
import { checkSecondFactor, LOCKED, twoFactorStatus } from "~/modules/two-factor/service.server";
import type { SessionUser } from "~/modules/auth/session-user";
import { operation } from "../operation";

const name = z.object({ english: z.string(), arabic: z.string() });

export const apiUserSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    role: z.enum(ROLES),
    firstName: name,
    middleName: name.nullable(),
    lastName: name,
    clerk: z
      .object({
        client: z.object({ id: z.number().int(), name, canDoSincera: z.boolean(), canDoAttestation: z.boolean() }),
      })
      .nullable(),
  })
  .meta({ id: "User" });

export const tokensSchema = z
  .object({
    accessToken: z.string(),
    refreshToken: z.string(),
    expiresIn: z.number().int(),
    tokenType: z.literal("Bearer"),
  })
  .meta({ id: "Tokens" });

const userOf = (user: SessionUser): z.input<typeof apiUserSchema> => ({
  id: user.id,
  email: user.email,
  role: user.role,
  firstName: user.firstName,
  middleName: user.middleName,
  lastName: user.lastName,
  clerk: user.client
    ? {
        client: {
          id: user.client.id,
          name: { english: user.client.nameEn, arabic: user.client.nameAr },
          canDoSincera: user.client.canDoSincera,
          canDoAttestation: user.client.canDoAttestation,
        },
      }
    : null,
});

const metaOf = (request: Request, ip: string | null) => ({ ip, userAgent: request.headers.get("User-Agent") });
const bearerOf = (request: Request) => (request.headers.get("Authorization") ?? "").replace(/^Bearer /, "");

export const authOperations = [
  operation({
    id: "login",
    method: "POST",
    path: "/api/auth/login",
    tag: "Auth",
    summary: "Sign in: a bearer token pair",
    description:
      "The same rules, rate limits and audit as the sign-in page. The access token is sent as `Authorization: Bearer …`. Keep the answer's `deviceToken` and send it with the next sign-in: this client then counts its own wrong passwords and is never locked out by others guessing the account's password from elsewhere (an unknown client is, with the same 429 whatever its password; with the right one the owner is mailed a sign-in link). An account with two-factor sign-in also sends `code` (the app's 6 digits or a recovery code): without it, or with a wrong one, the answer is 401 `TWO_FACTOR_REQUIRED`; an account whose role requires it and that has not enrolled gets 403 (enrol on the web first).",
    public: true,
    body: loginSchema.omit({ redirectTo: true }).extend({
      code: secondFactorSchema.shape.code.optional(),
      deviceToken: z.string().max(512).optional(),
    }),
    failures: [401, 403],
    response: z.object({ user: apiUserSchema, tokens: tokensSchema, deviceToken: z.string() }),
    message: "api.messages.signedIn",
    example: { as: "anonymous", body: { email: "clerk@example.com", password: "Demo-Pass-2026" } },
    async handle({ body, request, ip }) {
      // A program that signed in before sends its device token and counts its own failures, as a known browser
      // does (docs/decisions/0014); without one, its failures count against the account's unknown clients.
      const attempt = await countSignInAttempt(null, body.email, ip, body.deviceToken);
      const db = getDb();
      const result = await signIn(db, body.email, body.password, ip);
      if (attempt.accountUnderAttack) {
        // Someone is guessing from elsewhere: an unknown client gets the same 429 whatever its password (no
        // oracle); with the right one, the owner is mailed, as from the sign-in page, the link that lets a browser in.
        if (result.ok) await mailSignInLink(db, result.user, ip);
        throw accountLockedError();
      }
      if (!result.ok) throw apiError(401, result.error);
      const deviceToken = await programSignInSucceeded(attempt, body.email);
      const twoFactor = await twoFactorStatus(db, result.user.id);
      if (twoFactor?.enabled) {
        if (!body.code) throw apiError(401, "twoFactor.codeNeeded", { code: "TWO_FACTOR_REQUIRED" });
        const checked = await checkSecondFactor(db, result.user.id, body.code);
        if (!checked.ok && checked.error === LOCKED)
          throw apiError(429, checked.error, { headers: { "Retry-After": "300" } });
        if (!checked.ok) throw apiError(401, checked.error, { code: "TWO_FACTOR_REQUIRED" });
      } else if (twoFactor?.required) {
        throw apiError(403, "twoFactor.enrolOnWeb");
      }
      const tokens = await issueApiTokens(db, result.user.id, metaOf(request, ip));
      const principal = await principalOfUser(db, await apiUserOf(db, tokens.accessToken), ip, "");
      return { user: userOf(principal.user!), tokens, deviceToken };
    },
  }),
  operation({
    id: "refresh",
    method: "POST",
    path: "/api/auth/refresh",
    tag: "Auth",
    summary: "Rotate the token pair",
    description: "The refresh token is used once: the old pair stops working.",
    public: true,
    body: z.object({
      refreshToken: z.string({ error: "api.validation.refreshToken" }).min(1, "api.validation.refreshToken").max(200),
    }),
    failures: [401],
    response: z.object({ tokens: tokensSchema }),
    message: "api.messages.refreshed",
    example: { as: "clerk", body: { refreshToken: "{refreshToken}" } },
    async handle({ body, request, ip }) {
      await limitAuthRequests(ip);
      const tokens = await refreshApiTokens(getDb(), body.refreshToken, metaOf(request, ip));
      if (!tokens) throw apiError(401, "api.errors.tokenInvalid");
      return { tokens };
    },
  }),
  operation({
    id: "logout",
    method: "POST",
    path: "/api/auth/logout",
    tag: "Auth",
    capabilities: ["profile:read"],
    summary: "Revoke the token pair",
    response: z.null(),
    message: "api.messages.signedOut",
    example: { as: "clerk" },
    async handle({ request }) {
      await revokeApiTokens(getDb(), bearerOf(request));
      return null;
    },
  }),
  operation({
    id: "me",
    method: "GET",
    path: "/api/auth/me",
    tag: "Auth",
    capabilities: ["profile:read"],
    summary: "The signed-in user",
    response: z.object({ user: apiUserSchema }),
    message: "api.messages.ok",
    example: { as: "clerk" },
    async handle({ principal }) {
      return { user: userOf(principal.user) };
    },
  }),
];
