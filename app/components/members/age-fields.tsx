import { DateField } from "~/components/ui/date-field";
import { EmailInput } from "~/components/ui/email-input";
import { UserIcon } from "~/components/ui/icons";
import { TextInput } from "~/components/ui/text-input";
import { ADULT_AGE, MINIMUM_AGE, todayInBrasilia } from "~/guardians/age";

/**
 * Date of birth and, for a minor, the guardian (ADR 0050), on the volunteer's profile step of
 * the sign-up and in "Editar perfil". The guardian's fields are always there (the form works
 * without JavaScript) and say who they are for.
 */
export function AgeFields({
  values,
  errorFor,
}: {
  values: Record<string, string | undefined>;
  errorFor: (field: string) => string | undefined;
}) {
  return (
    <>
      <DateField
        name="birthDate"
        label="Data de nascimento"
        hint={`Voluntários a partir de ${MINIMUM_AGE} anos. Aparece no seu termo de adesão.`}
        autoComplete="bday"
        defaultValue={typedAsIso(values.birthDate)}
        max={todayInBrasilia()}
        error={errorFor("birthDate")}
      />
      <fieldset className="flex flex-col gap-4 rounded-2xl border border-line p-4">
        <legend className="px-1 text-sm font-semibold text-ink">
          Responsável (só para menores de {ADULT_AGE} anos)
        </legend>
        <p className="-mt-1 text-sm text-ink-muted">
          Mãe, pai ou responsável legal. Enviamos a essa pessoa um link para consentir com a sua
          conta e com cada termo de adesão.
        </p>
        <TextInput
          name="guardianName"
          label="Nome do responsável"
          maxLength={50}
          defaultValue={values.guardianName}
          icon={<UserIcon />}
          error={errorFor("guardianName")}
        />
        <EmailInput
          name="guardianEmail"
          label="E-mail do responsável"
          autoComplete="off"
          defaultValue={values.guardianEmail}
          error={errorFor("guardianEmail")}
        />
      </fieldset>
    </>
  );
}

/**
 * DateField takes 'AAAA-MM-DD': the typed "dd/mm/aaaa" turned around as text, not checked, so
 * a refused date (31/02/2000) comes back as typed.
 */
function typedAsIso(typed: string | undefined): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(typed?.trim() ?? "");
  return match ? `${match[3]}-${match[2]}-${match[1]}` : "";
}
