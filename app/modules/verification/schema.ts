import { z } from "zod";
import { latinDigits } from "~/utils/digit-schemas";

export const pinSchema = z.object({
  pin: latinDigits(
    z
      .string({ error: "verify.pinFormat" })
      .trim()
      .regex(/^\d{6}$/, "verify.pinFormat"),
  ),
});
