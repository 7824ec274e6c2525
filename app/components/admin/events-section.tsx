import { Link } from "react-router";
import {
  type AdminQuery,
  EVENT_PERIODS,
  EVENT_STATUSES,
  type EventPeriod,
  type EventStatusFilter,
  listHref,
} from "~/admin/admin-url";
import type { AdminEventCard, AdminEventPage } from "~/admin/events.server";
import { ADMIN_PAGE_SIZE } from "~/config/constants";
import { formatIsoDate } from "~/events/event-dates";
import { countText, groupThousands } from "~/lib/count-text";
import { buttonStyles } from "../ui/button-styles";
import { cx } from "../ui/class-names";
import { DEFAULT_EVENT_IMAGE_URL } from "../ui/default-images";
import { CalendarIcon, CheckIcon, EyeIcon, MapPinIcon, TrashIcon } from "../ui/icons";
import { AdminSearchForm } from "./admin-search-form";
import { EventStatusBadge } from "./event-status";
import { Pagination } from "./pagination";
import { SectionHeader } from "./section-header";

/** Each status tab: its label and the words of its count ("1 evento pendente", "2 eventos ..."). */
const STATUS_TABS: Record<EventStatusFilter, { label: string; singular: string; plural: string }> =
  {
    pendentes: { label: "Pendentes", singular: "evento pendente", plural: "eventos pendentes" },
    publicados: { label: "Publicados", singular: "evento publicado", plural: "eventos publicados" },
    reprovados: { label: "Reprovados", singular: "evento reprovado", plural: "eventos reprovados" },
    excluidos: { label: "Excluídos", singular: "evento excluído", plural: "eventos excluídos" },
    todos: { label: "Todos", singular: "evento", plural: "eventos" },
  };

const PERIODS: Record<EventPeriod, { label: string; empty: string }> = {
  proximos: { label: "Próximos", empty: " com data de hoje em diante" },
  passados: { label: "Passados", empty: " com data passada" },
  todos: { label: "Todas as datas", empty: "" },
};

/** "Nenhum evento pendente com data passada.", "Nenhum evento encontrado para “x”." */
function emptyText(query: AdminQuery): string {
  if (query.search) return `Nenhum evento encontrado para “${query.search}”.`;
  const status = STATUS_TABS[query.eventStatus].singular.replace(/^evento ?/, "");
  return `Nenhum evento${status ? ` ${status}` : ""}${PERIODS[query.eventPeriod].empty}.`;
}

/**
 * Eventos (issue 14): tabs by status with their counts, upcoming or past dates, a search without
 * accents or capitals, and pages of 10 compact cards. Every filter is a link or a GET form, so the
 * whole state is in the address and works without JavaScript.
 */
export function EventsSection({ query, list }: { query: AdminQuery; list: AdminEventPage }) {
  const filters: Record<string, string> = { secao: "eventos" };
  if (query.eventStatus !== "pendentes") filters.situacao = query.eventStatus;
  if (query.eventPeriod !== "proximos") filters.periodo = query.eventPeriod;
  const tab = STATUS_TABS[query.eventStatus];
  const totalPages = Math.ceil(list.total / ADMIN_PAGE_SIZE);
  return (
    <section aria-labelledby="titulo-secao">
      <SectionHeader title="Eventos" hidden={filters} />
      <StatusTabs query={query} counts={list.counts} />
      <div className="mt-4 flex flex-wrap items-end gap-x-6 gap-y-4">
        <PeriodLinks query={query} />
        <AdminSearchForm
          hidden={filters}
          search={query.search}
          placeholder="Nome, resumo, cidade"
          className="flex min-w-0 flex-1 basis-72 items-end gap-3"
          fieldClassName="min-w-0 flex-1"
        />
      </div>
      <p className="mt-5 text-sm font-semibold text-ink-muted">
        {countText(list.total, tab.singular, tab.plural)}
      </p>
      {list.rows.length === 0 ? (
        <p className="mt-3 rounded-2xl border border-dashed border-line bg-white p-8 text-center break-words text-ink-muted">
          {emptyText(query)}
        </p>
      ) : (
        <ul aria-label="Eventos" className="mt-3 grid gap-3 lg:grid-cols-2">
          {list.rows.map((card) => (
            <li key={card.id} className="min-w-0">
              <EventCard card={card} query={query} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={list.page}
        totalPages={totalPages}
        hrefFor={(page) => listHref(query, { page })}
      />
    </section>
  );
}

const SEGMENT =
  "flex min-h-11 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-semibold focus-ring";
const segmentTone = (current: boolean) =>
  current ? "bg-brand-700 text-white" : "text-ink hover:bg-brand-50";

/** Switching status keeps the period and the search (the counts are for them) and goes to page 1. */
function StatusTabs({
  query,
  counts,
}: {
  query: AdminQuery;
  counts: Record<EventStatusFilter, number>;
}) {
  return (
    <nav aria-label="Situação dos eventos" className="mt-5">
      <ul className="flex flex-wrap gap-1 rounded-xl border border-line bg-white p-1 sm:inline-flex">
        {EVENT_STATUSES.map((status) => {
          const current = query.eventStatus === status;
          return (
            <li key={status} className="grow sm:grow-0">
              <Link
                to={listHref(query, { eventStatus: status, page: 1 })}
                aria-current={current ? "page" : undefined}
                preventScrollReset
                className={cx(SEGMENT, segmentTone(current))}
              >
                {STATUS_TABS[status].label}
                <span className={current ? "text-white/90" : "text-ink-muted"}>
                  ({groupThousands(counts[status])})
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function PeriodLinks({ query }: { query: AdminQuery }) {
  return (
    <nav aria-label="Data dos eventos">
      <ul className="flex flex-wrap gap-1 rounded-xl border border-line bg-white p-1">
        {EVENT_PERIODS.map((period) => {
          const current = query.eventPeriod === period;
          return (
            <li key={period} className="grow">
              <Link
                to={listHref(query, { eventPeriod: period, page: 1 })}
                aria-current={current ? "page" : undefined}
                preventScrollReset
                className={cx(SEGMENT, segmentTone(current))}
              >
                {PERIODS[period].label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A compact card: a thumbnail, what identifies the event, and its actions in a row below. */
function EventCard({ card, query }: { card: AdminEventCard; query: AdminQuery }) {
  const pending = card.status === "PENDING";
  // docs/spec.md 4: pending cards approve; published (or rejected) ones can be deleted.
  const action = pending
    ? { confirm: "aprovar" as const, label: "Aprovar evento", variant: "primary" as const }
    : card.status === "DELETED"
      ? null
      : { confirm: "excluir" as const, label: "Excluir evento", variant: "danger" as const };
  return (
    <article className="flex h-full flex-col gap-3 rounded-2xl border border-line bg-white p-3 shadow-card sm:p-4">
      <div className="flex min-w-0 gap-3 sm:gap-4">
        <img
          src={card.coverUrl ?? DEFAULT_EVENT_IMAGE_URL}
          alt=""
          width={400}
          height={225}
          loading="lazy"
          className="aspect-square w-20 shrink-0 self-start rounded-xl bg-brand-50 object-cover sm:aspect-video sm:w-36"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
            <h2 className="min-w-0 text-base leading-snug font-bold [overflow-wrap:anywhere] text-ink sm:text-lg">
              {card.name}
            </h2>
            <EventStatusBadge status={card.status} />
          </div>
          <p className="mt-0.5 text-sm font-medium [overflow-wrap:anywhere] text-brand-800">
            {card.institutionName}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-ink-muted">
            <span className="inline-flex items-center gap-1">
              <CalendarIcon className="size-4 shrink-0 text-brand-700" />
              <time dateTime={card.eventDate}>{formatIsoDate(card.eventDate)}</time>
            </span>
            <span className="inline-flex min-w-0 items-center gap-1">
              <MapPinIcon className="size-4 shrink-0 text-brand-700" />
              <span className="[overflow-wrap:anywhere]">
                {card.city}/{card.state}
              </span>
            </span>
          </p>
          <p className="mt-1 hidden text-sm [overflow-wrap:anywhere] text-ink-muted sm:line-clamp-2">
            {card.resume}
          </p>
        </div>
      </div>
      <div className="mt-auto flex gap-2">
        <Link
          to={listHref(query, { section: "evento", id: card.id })}
          aria-label={`Visualizar ${card.name}`}
          className={buttonStyles({ variant: "secondary", size: "sm", className: "flex-1" })}
        >
          <EyeIcon className="size-4" />
          Visualizar
        </Link>
        {action ? (
          <Link
            to={listHref(query, { id: card.id, confirm: action.confirm })}
            preventScrollReset
            aria-label={`${action.label} ${card.name}`}
            className={buttonStyles({ variant: action.variant, size: "sm", className: "flex-1" })}
          >
            {pending ? <CheckIcon className="size-4" /> : <TrashIcon className="size-4" />}
            {action.label}
          </Link>
        ) : null}
      </div>
    </article>
  );
}
