import { Link } from "react-router";
import { type AdminQuery, adminHref, type Confirmation, listHref } from "~/admin/admin-url";
import type { EventDetails } from "~/admin/events.server";
import { BRAZIL_TIME_ZONE } from "~/config/constants";
import { formatIsoDate } from "~/events/event-dates";
import { EVENT_FORMAT_LABELS, isEventFormat } from "~/events/event-format";
import { DEFAULT_EVENT_IMAGE_URL } from "../ui/default-images";
import { BuildingIcon } from "../ui/icons";
import { AddressFields, ConfirmLink, DetailsFrame, Fields, POSTAL_ORDER } from "./detail-parts";
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
    <DetailsFrame
      title={pending ? "Evento pendente" : "Visualizar evento"}
      back={listHref(query, { section: "eventos", id: null })}
      actions={<Actions record={record} confirmHref={(confirm) => listHref(query, { confirm })} />}
      snug
    >
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
              <p className="mt-1 [overflow-wrap:anywhere] whitespace-pre-line text-ink">
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
      <AddressFields address={record} order={POSTAL_ORDER} />
    </DetailsFrame>
  );
}

function Actions({
  record,
  confirmHref,
}: {
  record: EventDetails;
  confirmHref: (confirm: Confirmation) => string;
}) {
  if (record.status === "PENDING") {
    return (
      <>
        <ConfirmLink href={confirmHref} confirm="aprovar" label="Aprovar" />
        <ConfirmLink href={confirmHref} confirm="reprovar" label="Reprovar" danger />
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
      <ConfirmLink href={confirmHref} confirm="reabrir" label="Reabrir análise" />
      <ConfirmLink href={confirmHref} confirm="excluir" label="Excluir evento" danger />
    </>
  );
}
