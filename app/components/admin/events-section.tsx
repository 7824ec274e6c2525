import { Link } from "react-router";
import { adminHref } from "~/admin/admin-url";
import type { AdminEventCard } from "~/admin/events.server";
import { isoToBrDate } from "~/forms/masks";
import { buttonStyles } from "../ui/button-styles";
import { DEFAULT_EVENT_IMAGE_URL } from "../ui/default-images";
import { CalendarIcon, CheckIcon, EyeIcon, TrashIcon } from "../ui/icons";
import { SectionHeader } from "./section-header";

/** Eventos (docs/spec.md 2): the Pendentes and Ativos card groups. */
export function EventsSection({
  events,
}: {
  events: { pending: AdminEventCard[]; active: AdminEventCard[] };
}) {
  return (
    <section aria-labelledby="titulo-secao">
      <SectionHeader title="Eventos" hidden={{ secao: "eventos" }} />
      <EventGroup title="Pendentes" empty="Nenhum evento pendente." cards={events.pending} />
      <EventGroup title="Ativos" empty="Nenhum evento ativo." cards={events.active} />
    </section>
  );
}

function EventGroup({
  title,
  empty,
  cards,
}: {
  title: string;
  empty: string;
  cards: AdminEventCard[];
}) {
  const headingId = `grupo-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-xl font-bold text-ink">
        {title} <span className="text-base font-semibold text-ink-muted">({cards.length})</span>
      </h2>
      {cards.length === 0 ? (
        <p className="mt-3 rounded-2xl border border-dashed border-line bg-white p-6 text-center text-ink-muted">
          {empty}
        </p>
      ) : (
        <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {cards.map((card) => (
            <li key={card.id}>
              <EventCard card={card} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EventCard({ card }: { card: AdminEventCard }) {
  const pending = card.status === "PENDING";
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-card">
      <img
        src={card.coverImageId ? `/imagens/${card.coverImageId}` : DEFAULT_EVENT_IMAGE_URL}
        alt=""
        width={640}
        height={360}
        loading="lazy"
        className="aspect-video w-full bg-surface object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-lg font-bold text-ink">{card.name}</h3>
        <p className="flex items-center gap-1.5 text-sm font-semibold text-brand-800">
          <CalendarIcon className="size-4" />
          {isoToBrDate(card.eventDate)}
        </p>
        <p className="flex-1 text-sm text-ink-muted">{card.resume}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Link
            to={adminHref({ section: "evento", id: card.id })}
            aria-label={`Visualizar ${card.name}`}
            className={buttonStyles({ variant: "secondary", size: "sm" })}
          >
            <EyeIcon className="size-4" />
            Visualizar
          </Link>
          <Link
            to={adminHref({
              section: "eventos",
              id: card.id,
              confirm: pending ? "aprovar" : "excluir",
            })}
            preventScrollReset
            aria-label={`${pending ? "Aprovar evento" : "Excluir evento"} ${card.name}`}
            className={buttonStyles({ variant: pending ? "primary" : "danger", size: "sm" })}
          >
            {pending ? <CheckIcon className="size-4" /> : <TrashIcon className="size-4" />}
            {pending ? "Aprovar evento" : "Excluir evento"}
          </Link>
        </div>
      </div>
    </article>
  );
}
