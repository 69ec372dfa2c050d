import { z } from "zod";
import { ROLES } from "~/platform/db/schema";
import { toLatinDigits } from "~/utils/digits";

/** A 6-digit code of the authenticator app, or a recovery code (`xxxxx-xxxxx`). */
export const secondFactorSchema = z.object({
  code: z
    .string({ error: "twoFactor.codeRequired" })
    .trim()
    .transform((value) => toLatinDigits(value).replace(/\s+/g, "").toLowerCase())
    .pipe(z.string().regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/, "twoFactor.codeFormat")),
});

export const enrolmentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start") }),
  z.object({ intent: z.literal("confirm"), code: secondFactorSchema.shape.code }),
  z.object({ intent: z.literal("disable"), code: secondFactorSchema.shape.code }),
]);

/** The super admin's policy form: the roles that must use two-factor sign-in. */
export const policySchema = z.object({
  required: z.array(z.enum(ROLES, { error: "twoFactor.policyRoleInvalid" })).default([]),
});
