import type { ReactNode } from "react";
import { Link } from "react-router";
import { type AdminQuery, adminHref, type Confirmation, listHref } from "~/admin/admin-url";
import type { EventDetails } from "~/admin/events.server";
import { BRAZIL_TIME_ZONE } from "~/config/constants";
import { formatIsoDate } from "~/events/event-dates";
import { EVENT_FORMAT_LABELS, isEventFormat } from "~/events/event-format";
import { buttonStyles } from "../ui/button-styles";
import { cx } from "../ui/class-names";
import { DEFAULT_EVENT_IMAGE_URL } from "../ui/default-images";
import {
  ArrowLeftIcon,
  BuildingIcon,
  CheckIcon,
  CloseIcon,
  RefreshIcon,
  TrashIcon,
} from "../ui/icons";
import { EVENT_STATUS_LABELS, EventStatusBadge } from "./event-status";

const WHEN = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: BRAZIL_TIME_ZONE,
});

/**
 * The admin's event record (docs/spec.md 2, issue 14): everything being judged, read-only (the
 * cover, the institution that publishes it, every field), the reason of a rejection, and the
 * buttons the event's status allows. "Voltar" returns to the list with its filters.
 */
export function EventDetailsSection({
  record,
  query,
}: {
  record: EventDetails;
  query: AdminQuery;
}) {
  const pending = record.status === "PENDING";
  const reviewed = record.reviewedAt
    ? `${WHEN.format(new Date(record.reviewedAt))}${record.reviewerName ? ` por ${record.reviewerName}` : ""}`
    : "Ainda não revisado";
  return (
    <section aria-labelledby="titulo-secao">
      <h1 id="titulo-secao" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {pending ? "Evento pendente" : "Visualizar evento"}
      </h1>
      <div className="mt-6 rounded-2xl border border-line bg-white p-4 shadow-card sm:p-6">
        <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-8">
          <img
            src={record.coverUrl ?? DEFAULT_EVENT_IMAGE_URL}
            alt={
              record.coverUrl
                ? `Capa do evento ${record.name}`
                : "Imagem padrão: o evento não tem capa"
            }
            width={1200}
            height={600}
            className="aspect-[2/1] w-full max-w-full rounded-xl bg-brand-50 object-cover"
          />
          <div className="min-w-0">
            <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
              <h2 className="min-w-0 text-2xl leading-tight font-bold [overflow-wrap:anywhere] text-ink">
                {record.name}
              </h2>
              <EventStatusBadge status={record.status} />
            </div>
            <p className="mt-2 flex items-start gap-1.5 text-ink-muted">
              <BuildingIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <span className="min-w-0">
                Publicado por{" "}
                <Link
                  to={adminHref({ section: "instituicao", id: record.institutionId })}
                  className="font-semibold [overflow-wrap:anywhere] text-brand-800 underline underline-offset-2 hover:text-brand-900 focus-ring"
                >
                  {record.institutionName}
                </Link>
              </span>
            </p>
            {record.reviewReason ? (
              <div className="mt-4 rounded-xl border border-danger-200 bg-danger-50 p-4">
                <h3 className="font-bold text-danger-800">
                  {/* A reopened event keeps the reason it was rejected for, until the next decision. */}
                  {record.status === "PENDING"
                    ? "Motivo da reprovação anterior"
                    : "Motivo da reprovação"}
                </h3>
                <p className="mt-1 break-words whitespace-pre-line text-ink">
                  {record.reviewReason}
                </p>
              </div>
            ) : null}
            <Fields
              className="mt-4"
              items={[
                ["Data do evento", formatIsoDate(record.eventDate)],
                [
                  "Formato",
                  isEventFormat(record.format) ? EVENT_FORMAT_LABELS[record.format] : record.format,
                ],
                ["Situação", EVENT_STATUS_LABELS[record.status] ?? record.status],
                ["Cadastrado em", WHEN.format(new Date(record.createdAt))],
                ["Última revisão", reviewed],
                ["Identificador", record.id],
              ]}
            />
          </div>
        </div>
        <Fields
          className="mt-6 border-t border-line pt-5"
          items={[
            ["Resumo", record.resume],
            ["Sobre", record.about],
          ]}
          wide
        />
        <section aria-labelledby="titulo-endereco" className="mt-6 border-t border-line pt-5">
          <h2 id="titulo-endereco" className="mb-4 text-lg font-bold text-ink">
            Endereço
          </h2>
          <Fields
            items={[
              ["Rua", record.street],
              ["Número", record.number],
              ["Complemento", record.complement ?? ""],
              ["Bairro", record.neighborhood],
              ["Cidade", record.city],
              ["Estado", record.state],
            ]}
          />
        </section>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link
          to={listHref(query, { section: "eventos", id: null })}
          className={buttonStyles({ variant: "secondary" })}
        >
          <ArrowLeftIcon className="size-5" />
          Voltar
        </Link>
        <Actions record={record} query={query} />
      </div>
    </section>
  );
}

function Actions({ record, query }: { record: EventDetails; query: AdminQuery }) {
  if (record.status === "PENDING") {
    return (
      <>
        <ConfirmLink
          query={query}
          confirm="aprovar"
          label="Aprovar"
          icon={<CheckIcon className="size-5" />}
        />
        <ConfirmLink
          query={query}
          confirm="reprovar"
          label="Reprovar"
          icon={<CloseIcon className="size-5" />}
          danger
        />
      </>
    );
  }
  if (record.status === "DELETED") {
    // A deleted event can be looked at (e.g. from the audit trail) but not deleted twice.
    return (
      <p className="flex min-h-12 items-center font-semibold text-ink-muted">
        Este evento foi excluído e não aparece no site.
      </p>
    );
  }
  // Published or rejected: the decision can be reopened (back to Pendentes), or the event deleted.
  return (
    <>
      <ConfirmLink
        query={query}
        confirm="reabrir"
        label="Reabrir análise"
        icon={<RefreshIcon className="size-5" />}
      />
      <ConfirmLink
        query={query}
        confirm="excluir"
        label="Excluir evento"
        icon={<TrashIcon className="size-5" />}
        danger
      />
    </>
  );
}

/** Opens the confirmation dialog on this record, keeping the list's filters in the address. */
function ConfirmLink({
  query,
  confirm,
  label,
  icon,
  danger = false,
}: {
  query: AdminQuery;
  confirm: Confirmation;
  label: string;
  icon: ReactNode;
  danger?: boolean;
}) {
  return (
    <Link
      to={listHref(query, { confirm })}
      preventScrollReset
      className={buttonStyles({ variant: danger ? "danger" : "primary" })}
    >
      {icon}
      {label}
    </Link>
  );
}

function Fields({
  items,
  className,
  wide = false,
}: {
  items: [string, string][];
  className?: string;
  /** One column at every width (long texts). */
  wide?: boolean;
}) {
  return (
    <dl className={cx("grid gap-x-6 gap-y-4", !wide && "sm:grid-cols-2", className)}>
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
          <dd className="mt-1 rounded-xl border border-line bg-surface px-3 py-2.5 [overflow-wrap:anywhere] whitespace-pre-line text-ink">
            {value || "—"}
          </dd>
        </div>
      ))}
    </dl>
  );
}
