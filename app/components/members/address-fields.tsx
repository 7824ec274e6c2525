import { AddressBlock } from "~/components/ui/address-block";
import type { FieldsProps } from "./profile-fields";

/**
 * The address as the sign-up, an institution's "Editar perfil" and the event form ask for it:
 * the form's values and messages, with one message for state and city together.
 */
export function AddressFields({
  values,
  errorFor,
  ufs,
  cities,
}: FieldsProps & { ufs: readonly string[]; cities?: readonly string[] }) {
  return (
    <AddressBlock
      ufs={ufs}
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
  );
}
