import { ChoiceChips } from "~/components/ui/choice-chips";
import { CAUSES, MAX_CAUSES } from "~/config/causes";
import { listValue } from "~/forms/choice-list";
import type { ErrorFor } from "./member-form";

/**
 * The causes an institution works for (ADR 0045), on "Editar perfil" and at sign-up (optional
 * there: the spec's steps stay as they are). Posted as `causes`.
 */
export function InstitutionCausesField({
  values,
  errorFor,
  legend,
}: {
  values: Record<string, string | undefined>;
  errorFor: ErrorFor;
  legend: string;
}) {
  return (
    <ChoiceChips
      name="causes"
      legend={legend}
      options={CAUSES}
      defaultValues={listValue(values.causes)}
      hint={`Escolha de 1 a ${MAX_CAUSES}: sua instituição aparece no filtro de cada uma.`}
      error={errorFor("causes")}
    />
  );
}
