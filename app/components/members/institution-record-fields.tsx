import { AddressBlock } from "~/components/ui/address-block";
import { CnpjField } from "~/components/ui/cnpj-field";
import { BuildingIcon, UserIcon } from "~/components/ui/icons";
import type { CityOption, StateOption } from "~/components/ui/localities";
import { PhoneField } from "~/components/ui/phone-field";
import { TextInput } from "~/components/ui/text-input";
import { MAX_LENGTH } from "~/config/constants";
import type { ErrorFor } from "./member-form";
import { InstitutionProfileFields } from "./profile-fields";

interface InstitutionRecordFieldsProps {
  /** The saved record's texts, or what was typed before a refused post. */
  values: Record<string, string | undefined>;
  errorFor: ErrorFor;
  /** Shown, never posted as a change: it identifies the institution. */
  cnpj: string;
  /** An approved institution's new name goes to review first (docs: issue 14). */
  nameNeedsReview: boolean;
  states: StateOption[];
  cities?: CityOption[];
  profileImageUrl: string | null;
  coverImageUrl: string | null;
}

const legend = "mb-3 text-base font-bold text-ink";

/**
 * "Editar perfil" of an institution: the whole record but the CNPJ, in three groups (who the
 * institution is, where it is, how it shows up), with the sign-up's fields and words.
 */
export function InstitutionRecordFields({
  values,
  errorFor,
  cnpj,
  nameNeedsReview,
  states,
  cities,
  profileImageUrl,
  coverImageUrl,
}: InstitutionRecordFieldsProps) {
  return (
    <>
      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className={legend}>Dados da instituição</legend>
        <TextInput
          name="name"
          label="Nome da instituição"
          autoComplete="organization"
          maxLength={MAX_LENGTH.institutionName}
          defaultValue={values.name}
          icon={<BuildingIcon />}
          hint={
            nameNeedsReview
              ? "Um novo nome passa pela análise da nossa equipe antes de aparecer no site."
              : undefined
          }
          error={errorFor("name")}
        />
        <CnpjField
          name="cnpj"
          defaultValue={cnpj}
          readOnly
          hint="O CNPJ identifica a instituição e não pode ser alterado. Se estiver errado, fale com o suporte."
        />
        <TextInput
          name="responsible"
          label="Responsável"
          autoComplete="name"
          maxLength={MAX_LENGTH.responsible}
          defaultValue={values.responsible}
          icon={<UserIcon />}
          error={errorFor("responsible")}
        />
        <PhoneField name="phone" defaultValue={values.phone} error={errorFor("phone")} />
      </fieldset>
      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className={legend}>Endereço</legend>
        <AddressBlock
          states={states}
          cities={cities}
          defaultValues={values}
          errors={{
            location: errorFor("uf") ?? errorFor("city"),
            street: errorFor("street"),
            number: errorFor("number"),
            neighborhood: errorFor("neighborhood"),
            complete: errorFor("complete"),
          }}
        />
      </fieldset>
      <fieldset className="flex min-w-0 flex-col gap-5">
        <legend className={legend}>Página da instituição</legend>
        <InstitutionProfileFields
          values={values}
          errorFor={errorFor}
          profileImageUrl={profileImageUrl}
          coverImageUrl={coverImageUrl}
        />
      </fieldset>
    </>
  );
}
