import type { ReactNode } from "react";
import { Link } from "react-router";
import { type AdminQuery, adminHref, type Confirmation, type Section } from "~/admin/admin-url";
import type { InstitutionDetails, VolunteerDetails } from "~/admin/people.server";
import { displayPhone, formatCnpj } from "~/forms/masks";
import { buttonStyles } from "../ui/button-styles";
import { ArrowLeftIcon, CheckIcon, CloseIcon, KeyIcon, TrashIcon } from "../ui/icons";

/** The three read-only detail sections of docs/spec.md 2, with their buttons. */

export function VolunteerDetailsSection({ record }: { record: VolunteerDetails }) {
  return (
    <DetailsFrame
      title="Visualizar voluntário"
      back={adminHref({ section: "voluntarios" })}
      actions={
        <ConfirmLink section="voluntario" id={record.id} confirm="resetar" label="Resetar senha" />
      }
    >
      <Fields
        items={[
          ["Nome", record.name],
          ["E-mail", record.email],
          ["Telefone", record.phone ? displayPhone(record.phone) : "—"],
          ["Estado", record.state],
          ["Cidade", record.city],
        ]}
      />
    </DetailsFrame>
  );
}

const VOLUNTEERING_LABELS: Record<string, string> = {
  PRESENCIAL: "Presencial",
  ONLINE: "Online",
  ALL: "Ambos",
};

export function InstitutionDetailsSection({
  record,
  query,
}: {
  record: InstitutionDetails;
  query: AdminQuery;
}) {
  const pending = record.status === "PENDING";
  return (
    <DetailsFrame
      title={pending ? "Cadastro pendente" : "Visualizar instituição"}
      back={adminHref({ section: "instituicoes", tab: query.tab })}
      actions={
        pending ? (
          <ReviewLinks section="instituicao" id={record.id} tabQuery={query} />
        ) : (
          <ConfirmLink
            section="instituicao"
            id={record.id}
            confirm="resetar"
            label="Resetar senha"
          />
        )
      }
    >
      <Fields
        items={[
          ["Nome da instituição", record.name],
          ["E-mail", record.email],
          ["CNPJ", formatCnpj(record.cnpj)],
          ["Telefone", record.phone ? displayPhone(record.phone) : "—"],
          ["Responsável", record.responsible],
          ["Resumo", record.summary],
          ["Sobre", record.about],
          [
            "Tipo de voluntariado",
            VOLUNTEERING_LABELS[record.volunteeringType] ?? record.volunteeringType,
          ],
          ["E-mail de contato para candidatos", record.contactEmail],
          ["Permite divulgação nas redes sociais", record.permitDivulgation ? "Sim" : "Não"],
        ]}
      />
      <AddressFields record={record} />
    </DetailsFrame>
  );
}

function DetailsFrame({
  title,
  back,
  actions,
  children,
}: {
  title: string;
  back: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="titulo-secao">
      <h1 id="titulo-secao" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {title}
      </h1>
      <div className="mt-6 rounded-2xl border border-line bg-white p-5 shadow-card sm:p-6">
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

function Fields({ items }: { items: [string, string][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className={value.length > 60 ? "sm:col-span-2" : undefined}>
          <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
          <dd className="mt-1 rounded-xl border border-line bg-surface px-3 py-2.5 break-words whitespace-pre-line text-ink">
            {value || "—"}
          </dd>
        </div>
      ))}
    </dl>
  );
}

interface Address {
  state: string;
  city: string;
  street: string;
  number: string;
  neighborhood: string;
  complement: string | null;
}

function AddressFields({ record }: { record: Address }) {
  return (
    <section aria-labelledby="titulo-endereco" className="mt-6 border-t border-line pt-5">
      <h2 id="titulo-endereco" className="mb-4 text-lg font-bold text-ink">
        Endereço
      </h2>
      <Fields
        items={[
          ["Estado", record.state],
          ["Cidade", record.city],
          ["Rua", record.street],
          ["Número", record.number],
          ["Bairro", record.neighborhood],
          ["Complemento", record.complement ?? ""],
        ]}
      />
    </section>
  );
}

function ConfirmLink({
  section,
  id,
  confirm,
  label,
  danger = false,
  tabQuery,
}: {
  section: Section;
  id: string;
  confirm: Confirmation;
  label: string;
  danger?: boolean;
  tabQuery?: AdminQuery;
}) {
  const icon =
    confirm === "resetar" ? (
      <KeyIcon className="size-5" />
    ) : confirm === "aprovar" ? (
      <CheckIcon className="size-5" />
    ) : confirm === "reprovar" ? (
      <CloseIcon className="size-5" />
    ) : (
      <TrashIcon className="size-5" />
    );
  return (
    <Link
      to={adminHref({ section, id, confirm, tab: tabQuery?.tab })}
      preventScrollReset
      className={buttonStyles({ variant: danger ? "danger" : "primary" })}
    >
      {icon}
      {label}
    </Link>
  );
}

function ReviewLinks({
  section,
  id,
  tabQuery,
}: {
  section: Section;
  id: string;
  tabQuery?: AdminQuery;
}) {
  return (
    <>
      <ConfirmLink
        section={section}
        id={id}
        confirm="aprovar"
        label="Aprovar"
        tabQuery={tabQuery}
      />
      <ConfirmLink
        section={section}
        id={id}
        confirm="reprovar"
        label="Reprovar"
        danger
        tabQuery={tabQuery}
      />
    </>
  );
}
