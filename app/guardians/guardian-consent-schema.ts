import { z } from "zod";
import { ruledText } from "~/forms/text-fields";
import { GUARDIAN_MESSAGES } from "./guardian-messages";

/** The guardian's consent form (ADR 0050), checked in the browser and by the action. */
export const guardianConsentSchema = z.object({
  name: ruledText("single-line", "O nome", { required: GUARDIAN_MESSAGES.nameRequired })
    .min(3, GUARDIAN_MESSAGES.nameRequired)
    .max(50, GUARDIAN_MESSAGES.nameTooLong),
  declare: z.literal("on", { error: GUARDIAN_MESSAGES.declare }),
  /** For a termo: the hash of the text the page showed. */
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
