import { MAX_LENGTH } from "~/config/constants";
import { MailIcon } from "./icons";
import { TextInput, type TextInputProps } from "./text-input";

type EmailInputProps = Omit<TextInputProps, "type" | "label"> & { label?: string };

/** An e-mail field: the right keyboard on phones, autofill, the spec's 50-character limit. */
export function EmailInput({ label = "E-mail", ...props }: EmailInputProps) {
  return (
    <TextInput
      type="email"
      label={label}
      autoComplete="email"
      inputMode="email"
      maxLength={MAX_LENGTH.email}
      icon={<MailIcon />}
      {...props}
    />
  );
}
