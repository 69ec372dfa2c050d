import { MAX_ID } from "~/platform/db/values";
import { z } from "zod";
import { CLIENT_ADMIN_PERMISSIONS } from "~/modules/access/capabilities";
import { latinDigits } from "~/utils/digit-schemas";

/** The people the platform's admins manage (docs/architecture.md §16). */
export type ManagedRole = "SERVICE_ADMIN" | "CLIENT_ADMIN" | "CLERK" | "BENEFICIARY";

/** Messages are translation keys (locales/{ar,en}/common.json), rendered with t(). */
const requiredText = (key: string, max = 100) => z.string({ error: key }).trim().min(1, key).max(max);

const bilingualName = (englishKey: string, arabicKey: string) =>
  z.object({ english: requiredText(englishKey), arabic: requiredText(arabicKey) }, { error: englishKey });

const password = z.string({ error: "validation.passwordMin8" }).min(8, "validation.passwordMin8").max(256);

/**
 * docs/product.md, Rules and messages, "Admin form" (service admins and client admins, docs/architecture.md §16). The password may stay
 * empty: on create the person is mailed a link to choose their own, on edit the current one
 * is kept.
 */
export const adminSchema = z.object({
  firstName: bilingualName("validation.firstNameEnglishRequired", "validation.firstNameArabicRequired"),
  lastName: bilingualName("validation.lastNameEnglishRequired", "validation.lastNameArabicRequired"),
  email: z.email({ error: "validation.invalidEmailFormat" }).max(254),
  phone: latinDigits(requiredText("validation.phoneRequired", 20).regex(/^\+?\d+$/, "validation.phoneDigits")),
  nin: latinDigits(requiredText("validation.nationalIdRequired", 20).regex(/^\d+$/, "validation.ninDigits")),
  password: password.optional(),
});

export type AdminInput = z.infer<typeof adminSchema>;

/**
 * docs/product.md, Rules and messages, "Client admin": the admin form, a job title ('Job title is required'), the
 * canDoAttestation flag, and the permissions offered as checkboxes (docs/architecture.md §15). At least one is
 * chosen, because a stored empty list means all of them.
 */
export const clientAdminSchema = adminSchema.extend({
  jobTitle: requiredText("validation.jobTitleRequired"),
  canDoAttestation: z.boolean().default(false),
  permissions: z
    .array(z.enum(CLIENT_ADMIN_PERMISSIONS), { error: "validation.permissionRequired" })
    .min(1, "validation.permissionRequired"),
});
export type ClientAdminInput = z.infer<typeof clientAdminSchema>;

/**
 * A clerk: the admin form, an optional job title, and their client. A client admin's clerks
 * belong to the admin's client; the super admin chooses the client ('Client is required').
 */
export const clerkSchema = adminSchema.extend({
  jobTitle: z.string().trim().max(100).optional(),
  clientId: z.coerce
    .number({ error: "validation.clientRequired" })
    .int()
    .positive("validation.clientRequired")
    .max(MAX_ID, "validation.clientRequired")
    .optional(),
});
export type ClerkInput = z.infer<typeof clerkSchema>;

/**
 * docs/product.md, Rules and messages, "User create" and "User edit" (beneficiaries managed by the super admin):
 * names in both languages, email ('Invalid email'), phone at least 6 ('Phone number too short'), national
 * id at least 11 on create and 6 on edit ('Invalid national ID'), password optional, at least 8 ('Password
 * too short'; empty on create mails a set-password link).
 */
export const userSchema = (mode: "create" | "edit") =>
  z.object({
    firstName: bilingualName("validation.firstNameEnglishRequired", "validation.firstNameArabicRequired"),
    lastName: bilingualName("validation.lastNameEnglishRequired", "validation.lastNameArabicRequired"),
    email: z.email({ error: "validation.invalidEmail" }).max(254),
    phone: latinDigits(
      z
        .string({ error: "validation.phoneTooShort" })
        .trim()
        .min(6, "validation.phoneTooShort")
        .max(20)
        .regex(/^\+?\d+$/, "validation.phoneDigits"),
    ),
    nin: latinDigits(
      z
        .string({ error: "validation.invalidNationalId" })
        .trim()
        .min(mode === "create" ? 11 : 6, "validation.invalidNationalId")
        .max(20, "validation.invalidNationalId")
        .regex(/^\d+$/, "validation.invalidNationalId"),
    ),
    password: z.string().min(8, "validation.passwordTooShort").max(256).optional(),
  });

/**
 * The schema of a kind's form (only the beneficiaries' differs between create and edit). Typed as the
 * union of the client-admin and clerk fields so that one form component serves every kind; the other
 * schemas simply lack some fields.
 */
const PERSON_SCHEMAS = {
  SERVICE_ADMIN: () => adminSchema,
  CLIENT_ADMIN: () => clientAdminSchema,
  CLERK: () => clerkSchema,
  BENEFICIARY: userSchema,
};
export const personSchemaOf = (role: ManagedRole, mode: "create" | "edit") =>
  PERSON_SCHEMAS[role](mode) as typeof clientAdminSchema & typeof clerkSchema;

export const PERSON_INTENTS = ["deactivate", "reactivate", "invite", "resetLink", "signOut"] as const;
export type PersonIntent = (typeof PERSON_INTENTS)[number];
/** The detail page's one-button forms (deactivate, reactivate, mail a link, sign out everywhere). */
export const personIntentSchema = z.object({ intent: z.enum(PERSON_INTENTS) });
