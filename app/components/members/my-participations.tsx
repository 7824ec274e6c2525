import { Link } from "react-router";
import { CalendarIcon } from "~/components/ui/icons";
import { formatIsoDate, formatTimeRange } from "~/events/event-dates";
import { EVENT_FORMAT_LABELS } from "~/events/event-format";
import {
  type MyParticipations as Lists,
  type MyParticipation,
  PAST_LIMIT_ALL,
} from "~/participation/my-participations";
import { EmptyList, IconListItem, ITEM_TITLE_LINK, MemberSection } from "./member-section";
import { StatusBadge } from "./status-badge";

/** Where the home lists every past participation (up to PAST_LIMIT_ALL) instead of the latest. */
export const ALL_PAST_PATH = "/app/voluntario?passadas=todas#participacoes-passadas";

/**
 * "Minhas participações" (issue 15, item 8): the events the person takes part in, soonest first,
 * then the past ones they held a place in, most recent first.
 */
export function MyParticipations({ lists, allPast }: { lists: Lists; allPast: boolean }) {
  const { upcoming, past, morePast } = lists;
  if (upcoming.length === 0 && past.length === 0) {
    return (
      <MemberSection title="Minhas participações">
        <EmptyList
          message="Você ainda não participa de nenhum evento."
          link={{ to: "/eventos", label: "Ver eventos" }}
        />
      </MemberSection>
    );
  }
  return (
    <MemberSection title="Minhas participações">
      <h3 className="text-lg font-bold text-ink">Próximos eventos ({upcoming.length})</h3>
      <div className="mt-3">
        {upcoming.length === 0 ? (
          <EmptyList
            message="Nenhum evento marcado por enquanto."
            link={{ to: "/eventos", label: "Ver eventos" }}
          />
        ) : (
          <ParticipationList items={upcoming} />
        )}
      </div>
      {past.length > 0 ? (
        <>
          <h3 id="participacoes-passadas" className="mt-8 scroll-mt-24 text-lg font-bold text-ink">
            Eventos passados
          </h3>
          <div className="mt-3">
            <ParticipationList items={past} />
          </div>
          <PastLimit shown={past.length} more={morePast} allPast={allPast} />
        </>
      ) : null}
    </MemberSection>
  );
}

/** Past events are listed by the latest few; the rest are one link away, up to a clear limit. */
function PastLimit({ shown, more, allPast }: { shown: number; more: boolean; allPast: boolean }) {
  if (!more) return null;
  if (allPast) {
    return (
      <p className="mt-3 text-sm text-ink-muted">
        Mostrando as {PAST_LIMIT_ALL} participações mais recentes.
      </p>
    );
  }
  return (
    <p className="mt-3 text-sm text-ink-muted">
      Mostrando as {shown} mais recentes.{" "}
      <Link
        to={ALL_PAST_PATH}
        className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900 focus-ring"
      >
        Ver todas as participações passadas
      </Link>
    </p>
  );
}

function ParticipationList({ items }: { items: MyParticipation[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {items.map((item) => (
        <IconListItem key={item.eventId} icon={<CalendarIcon />}>
          <Link to={`/eventos/${item.eventId}`} className={ITEM_TITLE_LINK}>
            {item.eventName}
          </Link>
          <p className="text-sm break-words text-ink-muted">{item.institutionName}</p>
          <p className="mt-1 text-sm text-ink">
            <time dateTime={item.eventDate}>{formatIsoDate(item.eventDate)}</time>
            {" · "}
            {formatTimeRange(item.startTime, item.endTime) ?? "Dia inteiro"}
            {item.startTime ? " (horário de Brasília)" : null}
            {" · "}
            {EVENT_FORMAT_LABELS[item.format]}
          </p>
          <div className="mt-2">
            <StatusBadge
              kind="participation"
              status={item.status}
              position={item.waitlistPosition}
            />
          </div>
        </IconListItem>
      ))}
    </ul>
  );
}
