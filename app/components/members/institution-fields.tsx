import type { ReactNode } from "react";
import { UserIcon } from "~/components/ui/icons";
import { TextInput } from "~/components/ui/text-input";
import { MAX_LENGTH } from "~/config/constants";
import type { FieldsProps } from "./profile-fields";

/**
 * Who the institution is, as the sign-up asks it and "Editar perfil" edits it: the same labels,
 * limits and autocomplete in both forms.
 */

export function InstitutionNameField({
  values,
  errorFor,
  icon,
  hint,
}: FieldsProps & { icon?: ReactNode; hint?: ReactNode }) {
  return (
    <TextInput
      name="name"
      label="Nome da instituição"
      autoComplete="organization"
      maxLength={MAX_LENGTH.institutionName}
      defaultValue={values.name}
      icon={icon}
      hint={hint}
      error={errorFor("name")}
    />
  );
}

/**
 * Who signs termos de adesão and certificates for the institution (ADR 0067): optional, name and
 * role together. Printed on every document issued after a save; documents already issued keep
 * the name they were issued with.
 */
export function RepresentativeFields({ values, errorFor }: FieldsProps) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-2xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold text-ink">Quem assina pela instituição</legend>
      <p className="-mt-1 text-sm text-ink-muted">
        O nome e o cargo aparecem como signatário nos termos de adesão e nos certificados emitidos
        depois de salvar. Em geral, é a pessoa que o estatuto indica (presidente, diretor ou
        diretora). Sem esses dados, os documentos saem só com o nome da instituição.
      </p>
      <TextInput
        name="representativeName"
        label="Nome completo"
        autoComplete="off"
        maxLength={MAX_LENGTH.responsible}
        defaultValue={values.representativeName}
        icon={<UserIcon />}
        error={errorFor("representativeName")}
      />
      <TextInput
        name="representativeRole"
        label="Cargo"
        autoComplete="off"
        maxLength={MAX_LENGTH.representativeRole}
        defaultValue={values.representativeRole}
        hint="Por exemplo: Presidente, Diretora executiva."
        error={errorFor("representativeRole")}
      />
    </fieldset>
  );
}

export function ResponsibleField({ values, errorFor }: FieldsProps) {
  return (
    <TextInput
      name="responsible"
      label="Responsável"
      autoComplete="name"
      maxLength={MAX_LENGTH.responsible}
      defaultValue={values.responsible}
      icon={<UserIcon />}
      error={errorFor("responsible")}
    />
  );
}
