import { Form, Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { CheckCircleIcon, HeartIcon, InfoIcon } from "~/components/ui/icons";
import { countText } from "~/lib/count-text";
import type { ParticipationView, PlacesSummary } from "~/participation/participation-view";

/** "Vagas": how many are taken and how many people wait, or that there is no limit. */
export function placesText({ confirmed, waiting, limit }: PlacesSummary): string {
  if (limit === null) {
    return `Sem limite de vagas · ${countText(confirmed, "voluntário confirmado", "voluntários confirmados")}`;
  }
  const taken = `${confirmed} de ${countText(limit, "vaga preenchida", "vagas preenchidas")}`;
  return waiting > 0 ? `${taken} · ${waiting} na lista de espera` : taken;
}

const STATUS_BOX = "flex items-start gap-2 rounded-xl px-4 py-3 text-sm font-semibold";

/**
 * The event page's "Quero participar" area (issue 15): one tap (a plain form post, so it works
 * without JavaScript) takes a place or a spot on the waitlist; a participant sees their state,
 * the online link once confirmed, and can leave until the event starts.
 */
export function EventParticipation({ view }: { view: ParticipationView }) {
  // A group of its own between the event's facts and the calendar buttons: otherwise its main
  // button sits right above "Adicionar ao calendário", two look-alike buttons with no heading.
  // When "Compartilhar" (which draws its own line) comes next, as on a past event, the bottom
  // line goes, so two lines never stack.
  return (
    <section
      aria-labelledby="participacao-titulo"
      className="flex flex-col gap-3 border-y border-line py-5 [&:has(+section)]:border-b-0 [&:has(+section)]:pb-0"
    >
      <h2 id="participacao-titulo" className="text-base font-bold text-ink">
        Participação
      </h2>
      <ParticipationState view={view} />
    </section>
  );
}

function ParticipationState({ view }: { view: ParticipationView }) {
  switch (view.kind) {
    // Without a word the page would just lack the button, as if something failed to load.
    case "closed":
      return <Note>As inscrições estão encerradas: o evento já começou.</Note>;
    case "anonymous":
      return (
        <>
          <p className="text-sm text-ink-muted">
            Entre ou crie sua conta de voluntário para garantir sua vaga.
          </p>
          <Link to={view.loginPath} className={buttonStyles({ fullWidth: true })}>
            <HeartIcon />
            Quero participar
          </Link>
        </>
      );
    case "not-volunteer":
      return <Note>Somente voluntários podem participar de eventos.</Note>;
    case "removed":
      return <Note>A instituição retirou sua inscrição deste evento.</Note>;
    case "open":
      return (
        <Form method="post" className="flex flex-col gap-2">
          {view.full ? (
            <p className="text-sm text-ink-muted">
              As vagas estão preenchidas. Entre na lista de espera: se alguém desistir, a vaga é sua
              e avisamos por e-mail.
            </p>
          ) : null}
          <button
            type="submit"
            name="intent"
            value="participar"
            className={buttonStyles({ fullWidth: true })}
          >
            <HeartIcon />
            {view.full ? "Entrar na lista de espera" : "Quero participar"}
          </button>
        </Form>
      );
    case "waitlisted":
      return (
        <div className="flex flex-col gap-3">
          <p className={`${STATUS_BOX} bg-accent-50 text-ink ring-1 ring-accent-300`}>
            <InfoIcon className="mt-0.5 size-4 shrink-0" />
            Você está na lista de espera (posição {view.position}). Avisamos por e-mail se uma vaga
            abrir.
          </p>
          <LeaveButton label="Sair da lista de espera" />
        </div>
      );
    case "confirmed":
      return (
        <div className="flex flex-col gap-3">
          <p className={`${STATUS_BOX} bg-brand-50 text-brand-900 ring-1 ring-brand-200`}>
            <CheckCircleIcon className="mt-0.5 size-4 shrink-0" />
            Presença confirmada. Você está inscrito neste evento.
          </p>
          {view.onlineLink ? (
            <p className="text-sm text-ink">
              Link da atividade online:
              <a
                href={view.onlineLink}
                target="_blank"
                rel="noopener noreferrer"
                className="flex min-h-11 items-center font-semibold [overflow-wrap:anywhere] text-brand-800 underline underline-offset-4 focus-ring"
              >
                {view.onlineLink}
              </a>
            </p>
          ) : null}
          {view.canCancel ? <LeaveButton label="Cancelar participação" /> : null}
        </div>
      );
  }
}

function LeaveButton({ label }: { label: string }) {
  return (
    <Form method="post">
      <button
        type="submit"
        name="intent"
        value="cancelar"
        className={buttonStyles({ variant: "secondary", fullWidth: true })}
      >
        {label}
      </button>
    </Form>
  );
}

function Note({ children }: { children: string }) {
  return (
    <p className="flex items-start gap-2 rounded-xl bg-surface px-4 py-3 text-sm text-ink-muted ring-1 ring-line">
      <InfoIcon className="mt-0.5 size-4 shrink-0" />
      {children}
    </p>
  );
}
