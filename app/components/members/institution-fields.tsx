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
