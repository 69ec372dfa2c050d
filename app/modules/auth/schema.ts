import { z } from "zod";
import { latinDigits } from "~/utils/digit-schemas";
import { CALENDARS } from "~/platform/db/schema";

/** Messages are translation keys (locales/{ar,en}/common.json), rendered with t(). */
const requiredText = (key: string) => z.string({ error: key }).trim().min(1, key);
const optionalText = z.string().trim().max(100).optional();

const bilingualName = (englishKey: string, arabicKey: string) =>
  z.object(
    { english: requiredText(englishKey).max(100), arabic: requiredText(arabicKey).max(100) },
    { error: englishKey },
  );

export const loginSchema = z.object({
  email: z.email({ error: "validation.emailInvalid" }).max(254),
  password: z.string({ error: "validation.passwordMin6" }).min(6, "validation.passwordMin6").max(256),
  redirectTo: z.string().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

const phone = latinDigits(
  z
    .string({ error: "validation.phoneMin9" })
    .trim()
    .regex(/^\d*$/, "validation.phoneDigits")
    .min(9, "validation.phoneMin9")
    .max(20, "validation.phoneDigits"),
);

/** A person's four names, each in English and Arabic (the middle one optional). */
const names = {
  firstName: bilingualName("validation.firstNameEnglishRequired", "validation.firstNameArabicRequired"),
  fatherName: bilingualName("validation.fatherNameEnglishRequired", "validation.fatherNameArabicRequired"),
  middleName: z.object({ english: optionalText, arabic: optionalText }).optional(),
  lastName: bilingualName("validation.lastNameEnglishRequired", "validation.lastNameArabicRequired"),
};

type Bilingual = { english: string; arabic: string };
/** The users columns of the four names. */
export const nameColumnsOf = (input: {
  firstName: Bilingual;
  fatherName: Bilingual;
  middleName?: Partial<Bilingual>;
  lastName: Bilingual;
}) => ({
  first_name_en: input.firstName.english,
  first_name_ar: input.firstName.arabic,
  father_name_en: input.fatherName.english,
  father_name_ar: input.fatherName.arabic,
  middle_name_en: input.middleName?.english || null,
  middle_name_ar: input.middleName?.arabic || null,
  last_name_en: input.lastName.english,
  last_name_ar: input.lastName.arabic,
});

/** A new password of at least `min` characters and its confirmation. */
const newPassword = (min: 6 | 8) => ({
  password: z
    .string({ error: `validation.passwordMin${min}` })
    .min(min, `validation.passwordMin${min}`)
    .max(256),
  // An empty confirmation is not a mismatch: it is missing.
  confirmPassword: z.string({ error: "validation.confirmPasswordRequired" }),
});

/**
 * The form's object with "Passwords don't match" on the confirmation. zod skips an object's refinements
 * once a field has a type error (an empty required field), so this one runs whenever both passwords
 * were typed: the message comes with the form's other errors.
 */
const withConfirmedPassword = <Shape extends z.ZodRawShape & ReturnType<typeof newPassword>>(shape: Shape) =>
  z
    .object(shape)
    .refine(
      (value) => (value as { password: string }).password === (value as { confirmPassword: string }).confirmPassword,
      {
        message: "validation.passwordsDontMatch",
        path: ["confirmPassword"],
        when: ({ value }) => {
          const { password, confirmPassword } = (value ?? {}) as Record<string, unknown>;
          return typeof password === "string" && typeof confirmPassword === "string";
        },
      },
    );

export const registerSchema = withConfirmedPassword({
  ...names,
  email: z.email({ error: "validation.emailInvalid" }).max(254),
  phone,
  nin: latinDigits(
    z
      .string({ error: "validation.ninExact11" })
      .trim()
      .regex(/^\d{11}$/, "validation.ninExact11"),
  ),
  ...newPassword(8),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({
  email: z.email({ error: "validation.emailInvalid" }).max(254),
});

/** Spec "Reset password": token, password at least 6, matching confirmation. */
export const resetPasswordSchema = withConfirmedPassword({
  token: z.string({ error: "auth.reset.invalidLink" }).max(100),
  ...newPassword(6),
});

/** docs/architecture.md §17: one's own names, phone and the language of their mails. */
export const profileSchema = z.object({
  ...names,
  phone,
  locale: z.enum(["ar", "en"], { error: "validation.localeRequired" }),
  calendar: z.enum(CALENDARS, { error: "validation.calendarRequired" }),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** The current password, and a new one of at least 8 as at registration. */
export const changePasswordSchema = withConfirmedPassword({
  currentPassword: z.string({ error: "validation.currentPasswordRequired" }).max(256),
  ...newPassword(8),
});
