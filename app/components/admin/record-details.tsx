import type { ReactNode } from "react";
import { Link } from "react-router";
import { type AdminQuery, adminHref, type Confirmation, type Section } from "~/admin/admin-url";
import type { InstitutionDetails, VolunteerDetails } from "~/admin/people.server";
import { BRAZIL_TIME_ZONE } from "~/config/constants";
import { displayPhone, formatCnpj } from "~/forms/masks";
import { buttonStyles } from "../ui/button-styles";
import { EmailText } from "../ui/email-text";
import { ArrowLeftIcon, CheckIcon, CloseIcon, KeyIcon, RefreshIcon, TrashIcon } from "../ui/icons";

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
          ["E-mail", <EmailText key="email" email={record.email} />],
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
          <>
            <ConfirmLink
              section="instituicao"
              id={record.id}
              confirm="reabrir"
              label="Reabrir análise"
              tabQuery={query}
            />
            <ConfirmLink
              section="instituicao"
              id={record.id}
              confirm="resetar"
              label="Resetar senha"
            />
          </>
        )
      }
    >
      <InstitutionPictures record={record} />
      <ReviewState record={record} />
      <Fields
        items={[
          ["Nome da instituição", record.name],
          ["E-mail", <EmailText key="email" email={record.email} />],
          ["CNPJ", formatCnpj(record.cnpj)],
          ["Telefone", record.phone ? displayPhone(record.phone) : "—"],
          ["Responsável", record.responsible],
          ["Resumo", record.summary],
          ["Sobre", record.about],
          [
            "Tipo de voluntariado",
            VOLUNTEERING_LABELS[record.volunteeringType] ?? record.volunteeringType,
          ],
          [
            "E-mail de contato para candidatos",
            <EmailText key="contact" email={record.contactEmail} />,
          ],
          ["Permite divulgação nas redes sociais", record.permitDivulgation ? "Sim" : "Não"],
          ["Cadastrada em", dateTime(record.createdAt)],
        ]}
      />
      <AddressFields record={record} />
    </DetailsFrame>
  );
}

const STATUS_LABELS: Record<string, string> = {
  PENDING: "Pendente",
  APPROVED: "Aprovada",
  REJECTED: "Reprovada",
};

const WHEN = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: BRAZIL_TIME_ZONE,
});

const dateTime = (iso: string) => WHEN.format(new Date(iso));

/** The logo and cover the public page will show: the admin judges them too. */
function InstitutionPictures({ record }: { record: InstitutionDetails }) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start">
      <figure className="shrink-0">
        {record.profileImageUrl ? (
          <img
            src={record.profileImageUrl}
            alt={`Logo de ${record.name}`}
            width={112}
            height={112}
            className="size-28 rounded-full border border-line object-cover"
          />
        ) : (
          <NoPicture className="size-28 rounded-full" text="Sem logo" />
        )}
        <figcaption className="mt-1 text-center text-sm text-ink-muted">Logo</figcaption>
      </figure>
      <figure className="min-w-0 flex-1">
        {record.coverImageUrl ? (
          <img
            src={record.coverImageUrl}
            alt={`Capa de ${record.name}`}
            width={1200}
            height={630}
            className="aspect-[40/21] h-auto w-full max-w-full rounded-xl border border-line object-cover"
          />
        ) : (
          <NoPicture className="aspect-[40/21] w-full rounded-xl" text="Sem foto de capa" />
        )}
        <figcaption className="mt-1 text-sm text-ink-muted">Foto de capa</figcaption>
      </figure>
    </div>
  );
}

function NoPicture({ className, text }: { className: string; text: string }) {
  return (
    <div
      className={`flex items-center justify-center border border-dashed border-line bg-surface p-2 text-center text-sm text-ink-muted ${className}`}
    >
      {text}
    </div>
  );
}

/**
 * Where the record stands: its status, the last rejection's reason, what a resubmission changed
 * and a new name waiting for approval.
 */
function ReviewState({ record }: { record: InstitutionDetails }) {
  const changes = record.resubmissionChanges ?? [];
  return (
    <div className="mb-6 flex flex-col gap-4">
      <p className="flex flex-wrap items-center gap-2 text-ink">
        <span className="font-semibold">Situação:</span>
        <span className="rounded-full bg-surface px-3 py-1 text-sm font-bold ring-1 ring-line">
          {STATUS_LABELS[record.status] ?? record.status}
        </span>
        {record.resubmittedAt ? (
          <span className="rounded-full bg-accent-50 px-3 py-1 text-sm font-bold text-accent-700 ring-1 ring-accent-300">
            Reenviado em {dateTime(record.resubmittedAt)}
          </span>
        ) : null}
        {record.reviewedAt ? (
          <span className="text-sm text-ink-muted">
            Última decisão em {dateTime(record.reviewedAt)}
          </span>
        ) : null}
      </p>
      {record.reviewReason && record.status !== "APPROVED" ? (
        <div className="rounded-xl border border-danger-200 bg-danger-50 p-4">
          <h2 className="font-bold text-danger-800">
            {record.resubmittedAt ? "Motivo da reprovação anterior" : "Motivo da reprovação"}
          </h2>
          <p className="mt-1 break-words whitespace-pre-line text-ink">{record.reviewReason}</p>
        </div>
      ) : null}
      {record.resubmittedAt ? (
        <section
          aria-labelledby="titulo-mudancas"
          className="rounded-xl border border-accent-300 bg-accent-50 p-4"
        >
          <h2 id="titulo-mudancas" className="font-bold text-ink">
            O que a instituição mudou
          </h2>
          {changes.length === 0 ? (
            <p className="mt-1 text-ink-muted">Reenviado sem alterações nos dados.</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-3">
              {changes.map((change) => (
                <li key={change.field} className="break-words">
                  <span className="font-semibold text-ink">{change.field}</span>
                  <span className="mt-1 block text-sm text-ink-muted">
                    Antes: <del>{change.before || "—"}</del>
                  </span>
                  <span className="block text-sm text-ink">
                    Agora: <ins className="no-underline">{change.after || "—"}</ins>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {record.proposedName ? (
        <div className="rounded-xl border border-accent-300 bg-accent-50 p-4">
          <h2 className="font-bold text-ink">Novo nome em análise</h2>
          <p className="mt-1 break-words text-ink">
            A instituição pediu para se chamar <strong>{record.proposedName}</strong>. O site
            continua mostrando {record.name} até a aprovação.
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <ConfirmLink
              section="instituicao"
              id={record.id}
              confirm="aprovar-nome"
              label="Aprovar novo nome"
            />
            <ConfirmLink
              section="instituicao"
              id={record.id}
              confirm="recusar-nome"
              label="Recusar novo nome"
              danger
            />
          </div>
        </div>
      ) : null}
    </div>
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

/** Read-only fields: a long text takes the whole row; nothing runs past the card on a phone. */
function Fields({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid min-w-0 gap-x-6 gap-y-4 sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div
          key={label}
          className={
            typeof value === "string" && value.length > 60 ? "min-w-0 sm:col-span-2" : "min-w-0"
          }
        >
          <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
          <dd className="mt-1 min-w-0 rounded-xl border border-line bg-surface px-3 py-2.5 break-words whitespace-pre-line text-ink">
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
    ) : confirm === "aprovar" || confirm === "aprovar-nome" ? (
      <CheckIcon className="size-5" />
    ) : confirm === "reprovar" || confirm === "recusar-nome" ? (
      <CloseIcon className="size-5" />
    ) : confirm === "reabrir" ? (
      <RefreshIcon className="size-5" />
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
