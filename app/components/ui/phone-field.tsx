import { formatPhone } from "~/forms/masks";
import { maskedChangeHandler } from "./apply-mask";
import { PhoneIcon } from "./icons";
import { TextInput, type TextInputProps } from "./text-input";

type PhoneFieldProps = Omit<TextInputProps, "label" | "type" | "defaultValue" | "value"> & {
  label?: string;
  defaultValue?: string;
};

/** "Telefone" masked as "+55 (11) 987654321" (SPEC mask +55 (99) 999999999). */
export function PhoneField({
  label = "Telefone",
  defaultValue = "",
  onChange,
  ...props
}: PhoneFieldProps) {
  return (
    // No maxLength: it would cut a pasted, differently punctuated value; the mask caps the length.
    <TextInput
      label={label}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="+55 (   )"
      icon={<PhoneIcon />}
      defaultValue={formatPhone(defaultValue)}
      onChange={maskedChangeHandler(formatPhone, onChange)}
      {...props}
    />
  );
}
