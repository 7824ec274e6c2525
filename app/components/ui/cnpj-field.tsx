import { formatCnpj } from "~/forms/masks";
import { maskedChangeHandler } from "./apply-mask";
import { BuildingIcon } from "./icons";
import { TextInput, type TextInputProps } from "./text-input";

type CnpjFieldProps = Omit<TextInputProps, "label" | "type" | "defaultValue" | "value"> & {
  label?: string;
  defaultValue?: string;
};

/**
 * "CNPJ" in the official format XX.XXX.XXX/XXXX-XX (docs/design.md 7.2, not the spec's mask). Letters
 * are allowed in the first 12 positions (alphanumeric CNPJ) and turn uppercase as typed.
 */
export function CnpjField({
  label = "CNPJ",
  defaultValue = "",
  onChange,
  ...props
}: CnpjFieldProps) {
  return (
    // No maxLength: it would cut a pasted, differently punctuated value; the mask caps the length.
    <TextInput
      label={label}
      autoCapitalize="characters"
      autoComplete="off"
      spellCheck={false}
      placeholder="XX.XXX.XXX/0001-XX"
      icon={<BuildingIcon />}
      defaultValue={formatCnpj(defaultValue)}
      onChange={maskedChangeHandler(formatCnpj, onChange)}
      {...props}
    />
  );
}
