import { z } from "zod";

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

const phone = z
  .string({ error: "validation.phoneMin9" })
  .trim()
  .regex(/^\d*$/, "validation.phoneDigits")
  .min(9, "validation.phoneMin9")
  .max(20, "validation.phoneDigits");

const bothPasswordsTyped = (value: unknown) => {
  const { password, confirmPassword } = (value ?? {}) as Record<string, unknown>;
  return typeof password === "string" && typeof confirmPassword === "string";
};

export const registerSchema = z
  .object({
    firstName: bilingualName("validation.firstNameEnglishRequired", "validation.firstNameArabicRequired"),
    fatherName: bilingualName("validation.fatherNameEnglishRequired", "validation.fatherNameArabicRequired"),
    middleName: z.object({ english: optionalText, arabic: optionalText }).optional(),
    lastName: bilingualName("validation.lastNameEnglishRequired", "validation.lastNameArabicRequired"),
    email: z.email({ error: "validation.emailInvalid" }).max(254),
    phone,
    nin: z.string({ error: "validation.ninExact11" }).trim().regex(/^\d{11}$/, "validation.ninExact11"),
    password: z.string({ error: "validation.passwordMin8" }).min(8, "validation.passwordMin8").max(256),
    confirmPassword: z.string({ error: "validation.passwordsDontMatch" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: "validation.passwordsDontMatch",
    path: ["confirmPassword"],
    // Checked whenever both passwords were typed, so the message comes with the form's other errors.
    when: ({ value }) => bothPasswordsTyped(value),
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({
  email: z.email({ error: "validation.emailInvalid" }).max(254),
});

/** Spec "Reset password": token, password at least 6, matching confirmation. */
export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "auth.reset.invalidLink" }).max(100),
    password: z.string({ error: "validation.passwordMin6" }).min(6, "validation.passwordMin6").max(256),
    confirmPassword: z.string({ error: "validation.passwordsDontMatch" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: "validation.passwordsDontMatch",
    path: ["confirmPassword"],
    when: ({ value }) => bothPasswordsTyped(value),
  });

/** DESIGN 17: one's own names, phone and the language of their mails. */
export const profileSchema = z.object({
  firstName: bilingualName("validation.firstNameEnglishRequired", "validation.firstNameArabicRequired"),
  fatherName: bilingualName("validation.fatherNameEnglishRequired", "validation.fatherNameArabicRequired"),
  middleName: z.object({ english: optionalText, arabic: optionalText }).optional(),
  lastName: bilingualName("validation.lastNameEnglishRequired", "validation.lastNameArabicRequired"),
  phone,
  locale: z.enum(["ar", "en"], { error: "validation.localeRequired" }),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** The current password, and a new one of at least 8 as at registration. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: "validation.currentPasswordRequired" }).max(256),
    password: z.string({ error: "validation.passwordMin8" }).min(8, "validation.passwordMin8").max(256),
    confirmPassword: z.string({ error: "validation.passwordsDontMatch" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: "validation.passwordsDontMatch",
    path: ["confirmPassword"],
    when: ({ value }) => bothPasswordsTyped(value),
  });
