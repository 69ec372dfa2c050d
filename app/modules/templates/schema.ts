import { z } from "zod";
import { ORIENTATIONS, PAGE_SIZES } from "~/platform/db/schema";
import { bothLanguages } from "~/platform/forms/bilingual";
import { messageWith } from "~/platform/forms/messages";
import { placeholderProblems } from "./placeholders";

/** The organisation's logo and signature: small images (PNG or JPEG, checked by content). */
export const TEMPLATE_IMAGE_MAX_BYTES = 1024 * 1024;

/**
 * The template form: page, title and body in both languages. A placeholder no request of the category can fill,
 * or a brace left open, is an error of its text that names it (docs/architecture.md §21).
 */
export const templateSchema = (fieldNames: readonly string[]) =>
  z
    .object({
      pageSize: z.enum(PAGE_SIZES, { error: "validation.required" }),
      orientation: z.enum(ORIENTATIONS, { error: "validation.required" }),
      title: bothLanguages({ english: "templates.titleRequired", arabic: "templates.titleRequired" }, 200),
      body: bothLanguages({ english: "templates.bodyRequired", arabic: "templates.bodyRequired" }, 5000),
    })
    .superRefine((value, context) => {
      for (const part of ["title", "body"] as const)
        for (const language of ["english", "arabic"] as const) {
          const { unknown, broken } = placeholderProblems(value[part][language], fieldNames);
          if (unknown.length)
            context.addIssue({
              code: "custom",
              path: [part, language],
              message: messageWith("templates.unknownPlaceholder", {
                names: unknown.map((name) => `{{${name}}}`).join(", "),
              }),
            });
          else if (broken)
            context.addIssue({
              code: "custom",
              path: [part, language],
              message: messageWith("templates.brokenPlaceholder", { example: "{{name}}" }),
            });
        }
    });

export type TemplateForm = z.infer<ReturnType<typeof templateSchema>>;
