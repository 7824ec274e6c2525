import { z } from "zod";
import { emailField } from "~/forms/field-rules";
import { MEMBER_ROLES } from "./team-roles";

/** "Convidar para a equipe" (issue 41): checked in the browser and in the action alike. */
export const inviteSchema = z.object({
  email: emailField({
    required: "Informe o e-mail de quem você quer convidar.",
    invalid: "Informe um e-mail válido.",
  }),
  role: z.enum(MEMBER_ROLES, { error: "Escolha o papel da pessoa na equipe." }),
  /** A checkbox: present ("on") to limit a coordinator to the events assigned to them. */
  limited: z.literal("on").optional(),
});

/**
 * A responsável changes someone's role, or whether a coordinator runs only some events: one
 * choice, LIMITED being a coordinator of the events assigned to them.
 */
export const roleChangeSchema = z
  .object({
    userId: z.uuid("Escolha um membro da equipe."),
    choice: z.enum([...MEMBER_ROLES, "LIMITED"], { error: "Escolha o papel da pessoa na equipe." }),
  })
  .transform(({ userId, choice }) => ({
    userId,
    role: choice === "LIMITED" ? ("COORDENADOR" as const) : choice,
    limited: choice === "LIMITED",
  }));
