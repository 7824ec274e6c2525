import { Form } from "react-router";
import { buttonStyles } from "../ui/button-styles";
import { SearchIcon } from "../ui/icons";
import { TextInput } from "../ui/text-input";

/**
 * A list's search (docs/spec.md 9: up to 50 characters): a GET form to the admin page, so the
 * search lands in the address with the list state `hidden` carries (section, tab, filters) and
 * works without JavaScript. Sending it starts again from page 1.
 */
export function AdminSearchForm({
  hidden,
  search,
  placeholder,
  className,
  fieldClassName,
}: {
  hidden: Record<string, string>;
  /** The search now in the address. */
  search: string;
  placeholder: string;
  className: string;
  /** Classes of the field's wrapper (its share of the row). */
  fieldClassName: string;
}) {
  return (
    <Form
      method="get"
      action="/admin/dashboard"
      role="search"
      className={className}
      preventScrollReset
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <TextInput
        name="busca"
        type="search"
        label="Buscar"
        placeholder={placeholder}
        defaultValue={search}
        // Another list or search gives a fresh field (defaultValue is read once per mount).
        key={`${Object.values(hidden).join("-")}-${search}`}
        maxLength={50}
        icon={<SearchIcon />}
        className={fieldClassName}
      />
      <button type="submit" className={buttonStyles({ variant: "secondary", size: "md" })}>
        Buscar
      </button>
    </Form>
  );
}
