import { Form } from "react-router";
import { SearchIcon } from "~/components/ui/icons";
import { PrimaryButton } from "~/components/ui/primary-button";
import { TextInput } from "~/components/ui/text-input";

/**
 * "Verificar certificado": type the code printed on the paper. A GET form to /certificados,
 * which sends the person on to /certificados/<código>; works without JavaScript.
 */
export function CodeLookupForm({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <Form method="get" action="/certificados" className="flex flex-col gap-4">
      <TextInput
        name="codigo"
        label="Código do certificado"
        placeholder="ABCD-EFGH-JKMN"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        hint="São 12 letras e números, impressos ao lado do QR code."
        defaultValue={defaultValue}
        error={error}
      />
      <PrimaryButton icon={<SearchIcon />}>Verificar</PrimaryButton>
    </Form>
  );
}
