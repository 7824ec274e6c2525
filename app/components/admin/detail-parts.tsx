import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Confirmation } from "~/admin/admin-url";
import { buttonStyles } from "../ui/button-styles";
import { cx } from "../ui/class-names";
import {
  ArrowLeftIcon,
  CheckIcon,
  CloseIcon,
  type IconProps,
  KeyIcon,
  RefreshIcon,
  TrashIcon,
} from "../ui/icons";

/**
 * The parts the admin's read-only records share (volunteer, institution and event): the frame
 * with "Voltar" and the record's buttons, the read-only fields, the address and the links that
 * open a confirmation. Each record says where its links go (the events list keeps its filters in
 * the address, the people lists their tab).
 */

export function DetailsFrame({
  title,
  back,
  actions,
  children,
  snug = false,
}: {
  title: string;
  /** Where "Voltar" goes: the list the record was opened from. */
  back: string;
  actions: ReactNode;
  children: ReactNode;
  /** A narrower card padding on phones (the event's cover keeps more of the width). */
  snug?: boolean;
}) {
  return (
    <section aria-labelledby="titulo-secao">
      <h1 id="titulo-secao" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {title}
      </h1>
      <div
        className={cx(
          "mt-6 rounded-2xl border border-line bg-white shadow-card",
          snug ? "p-4" : "p-5",
          "sm:p-6",
        )}
      >
        {children}
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={back} className={buttonStyles({ variant: "secondary" })}>
          <ArrowLeftIcon className="size-5" />
          Voltar
        </Link>
        {actions}
      </div>
    </section>
  );
}

/** A text longer than this takes the whole row when `spanLongTexts` is set. */
const LONG_TEXT = 60;

/**
 * Read-only fields: a label and its value in a box; an empty value reads "—". Long text wraps
 * with overflow-wrap:anywhere, the records' one rule: unlike break-words it also lowers the
 * text's minimum width, so a long e-mail or name breaks inside its box at 390 px even where a
 * box is sized by its content.
 */
export function Fields({
  items,
  className,
  wide = false,
  spanLongTexts = false,
}: {
  items: [string, ReactNode][];
  className?: string;
  /** One column at every width (long texts). */
  wide?: boolean;
  /** Two columns from sm up, but a long text takes the whole row. */
  spanLongTexts?: boolean;
}) {
  const spans = (value: ReactNode) =>
    spanLongTexts && !wide && typeof value === "string" && value.length > LONG_TEXT;
  return (
    <dl className={cx("grid min-w-0 gap-x-6 gap-y-4", !wide && "sm:grid-cols-2", className)}>
      {items.map(([label, value]) => (
        <div key={label} className={spans(value) ? "min-w-0 sm:col-span-2" : "min-w-0"}>
          <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
          <dd className="mt-1 min-w-0 rounded-xl border border-line bg-surface px-3 py-2.5 [overflow-wrap:anywhere] whitespace-pre-line text-ink">
            {value || "—"}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface Address {
  state: string;
  city: string;
  street: string;
  number: string;
  neighborhood: string;
  complement: string | null;
}

const ADDRESS_LABELS: Record<keyof Address, string> = {
  state: "Estado",
  city: "Cidade",
  street: "Rua",
  number: "Número",
  neighborhood: "Bairro",
  complement: "Complemento",
};

/** The order of the sign-up's address fields (state and city first). */
export const FORM_ORDER: (keyof Address)[] = [
  "state",
  "city",
  "street",
  "number",
  "neighborhood",
  "complement",
];

/** The order an address is written in (street first), as an event's record shows it. */
export const POSTAL_ORDER: (keyof Address)[] = [
  "street",
  "number",
  "complement",
  "neighborhood",
  "city",
  "state",
];

export function AddressFields({
  address,
  order = FORM_ORDER,
  spanLongTexts = false,
}: {
  address: Address;
  order?: (keyof Address)[];
  spanLongTexts?: boolean;
}) {
  return (
    <section aria-labelledby="titulo-endereco" className="mt-6 border-t border-line pt-5">
      <h2 id="titulo-endereco" className="mb-4 text-lg font-bold text-ink">
        Endereço
      </h2>
      <Fields
        items={order.map((field) => [ADDRESS_LABELS[field], address[field] ?? ""])}
        spanLongTexts={spanLongTexts}
      />
    </section>
  );
}

const CONFIRM_ICONS: Record<Confirmation, (props: IconProps) => ReactNode> = {
  resetar: KeyIcon,
  aprovar: CheckIcon,
  "aprovar-nome": CheckIcon,
  reprovar: CloseIcon,
  "recusar-nome": CloseIcon,
  reabrir: RefreshIcon,
  excluir: TrashIcon,
};

/**
 * Opens the confirmation dialog `confirm` on the record; `href` gives the address for it (the
 * record's own, with whatever list state it keeps). The scroll stays where it is.
 */
export function ConfirmLink({
  href,
  confirm,
  label,
  danger = false,
}: {
  href: (confirm: Confirmation) => string;
  confirm: Confirmation;
  label: string;
  danger?: boolean;
}) {
  const Icon = CONFIRM_ICONS[confirm];
  return (
    <Link
      to={href(confirm)}
      preventScrollReset
      className={buttonStyles({ variant: danger ? "danger" : "primary" })}
    >
      <Icon className="size-5" />
      {label}
    </Link>
  );
}
