import { ChoiceChips } from "~/components/ui/choice-chips";
import { CAUSES, MAX_CAUSES, MAX_SKILLS, SKILLS } from "~/config/causes";
import { listValue } from "~/forms/choice-list";

/**
 * The causes and skills checkboxes (ADR 0045), both optional, posted as `causes` and `skills`:
 * a volunteer's interests and skills, or an event's causes and "Habilidades desejáveis".
 */
export function CauseSkillFields({
  values,
  errorFor,
  legends,
  hints,
}: {
  values: Record<string, string | undefined>;
  errorFor: (field: string) => string | undefined;
  legends: { causes: string; skills: string };
  hints: { causes: string; skills: string };
}) {
  return (
    <>
      <ChoiceChips
        name="causes"
        legend={legends.causes}
        options={CAUSES}
        defaultValues={listValue(values.causes)}
        hint={`Até ${MAX_CAUSES}. ${hints.causes}`}
        error={errorFor("causes")}
      />
      <ChoiceChips
        name="skills"
        legend={legends.skills}
        options={SKILLS}
        defaultValues={listValue(values.skills)}
        hint={`Até ${MAX_SKILLS}. ${hints.skills}`}
        error={errorFor("skills")}
      />
    </>
  );
}
