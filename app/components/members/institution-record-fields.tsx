import { CnpjField } from "~/components/ui/cnpj-field";
import { BuildingIcon } from "~/components/ui/icons";
import { PhoneField } from "~/components/ui/phone-field";
import { AddressFields } from "./address-fields";
import { InstitutionCausesField } from "./institution-causes-field";
import { InstitutionNameField, RepresentativeFields, ResponsibleField } from "./institution-fields";
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
  ufs: readonly string[];
  cities?: readonly string[];
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
  ufs,
  cities,
  profileImageUrl,
  coverImageUrl,
}: InstitutionRecordFieldsProps) {
  return (
    <>
      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className={legend}>Dados da instituição</legend>
        <InstitutionNameField
          values={values}
          errorFor={errorFor}
          icon={<BuildingIcon />}
          hint={
            nameNeedsReview
              ? "Um novo nome passa pela análise da nossa equipe antes de aparecer no site."
              : undefined
          }
        />
        <CnpjField
          name="cnpj"
          defaultValue={cnpj}
          readOnly
          hint="O CNPJ identifica a instituição e não pode ser alterado. Se estiver errado, fale com o suporte."
        />
        <ResponsibleField values={values} errorFor={errorFor} />
        <PhoneField name="phone" defaultValue={values.phone} error={errorFor("phone")} />
        <RepresentativeFields values={values} errorFor={errorFor} />
      </fieldset>
      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className={legend}>Endereço</legend>
        <AddressFields values={values} errorFor={errorFor} ufs={ufs} cities={cities} />
      </fieldset>
      <fieldset className="flex min-w-0 flex-col gap-5">
        <legend className={legend}>Página da instituição</legend>
        <InstitutionProfileFields
          values={values}
          errorFor={errorFor}
          profileImageUrl={profileImageUrl}
          coverImageUrl={coverImageUrl}
        />
        <InstitutionCausesField values={values} errorFor={errorFor} legend="Causas" />
      </fieldset>
    </>
  );
}
