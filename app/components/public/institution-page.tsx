import type { ReactNode } from "react";
import type { ApplicationStatus } from "~/applications/applications.server";
import { usePublicConfig } from "~/components/layout/use-public-config";
import { BackButton } from "~/components/ui/back-button";
import { buttonStyles } from "~/components/ui/button-styles";
import { DEFAULT_AVATAR_URL } from "~/components/ui/default-images";
import { GlobeIcon, HandshakeIcon, MailIcon, MapPinIcon } from "~/components/ui/icons";
import type { EventCard } from "~/events/public-events.server";
import { addressLines } from "~/geo/address";
import type { InstitutionDetail } from "~/institutions/public-institutions.server";
import { VOLUNTEERING_TYPE_TEXT } from "~/institutions/volunteering-type-text";
import { CauseTags } from "./cause-tags";
import { DetailFact, Paragraphs } from "./detail-aside";
import { EventCardGrid } from "./event-card";
import { JoinInstitution } from "./join-institution";
import { absoluteUrl } from "./page-meta";
import { ResponsiveImage } from "./responsive-image";
import { ShareLinks } from "./share-links";

/** How a visitor joins: their application's state, or a preview's inert button. */
export type JoinArea =
  | { kind: "public"; application: ApplicationStatus | null; applicationsPath: string | null }
  | { kind: "preview" };

/**
 * The institution's public page (/instituicoes/:id), also shown to the institution itself as a
 * preview of its own record before approval (/app/instituicao/previa): one component, so the
 * preview is what the public will see. `top` goes above the cover (the preview's banner),
 * `backTo` is where "Voltar" leads.
 */
export function InstitutionPageView({
  institution,
  events,
  join: joinArea,
  backTo,
  top,
}: {
  institution: InstitutionDetail;
  events: EventCard[];
  join: JoinArea;
  backTo: string;
  top?: ReactNode;
}) {
  const application = joinArea.kind === "public" ? joinArea.application : null;
  const config = usePublicConfig();
  const join = (className?: string) =>
    joinArea.kind === "public" ? (
      <JoinInstitution
        institutionId={institution.id}
        application={joinArea.application}
        applicationsPath={joinArea.applicationsPath}
        className={className}
      />
    ) : (
      <PreviewJoin className={className} />
    );
  return (
    <article className="mx-auto flex max-w-page flex-col px-4 py-6 sm:py-10">
      {top}
      <BackButton to={backTo} className="self-start" />
      <div className="mt-4 overflow-hidden rounded-3xl bg-brand-50">
        {institution.coverUrl ? (
          <ResponsiveImage
            src={institution.coverUrl}
            widths={[400, 800, 1200]}
            sizes="(min-width: 1152px) 1120px, calc(100vw - 2rem)"
            width={1200}
            height={444}
            priority
            className="aspect-[1200/444] w-full"
          />
        ) : (
          <div
            aria-hidden="true"
            className="aspect-[1200/444] w-full bg-gradient-to-br from-brand-800 to-brand-500"
          />
        )}
      </div>
      <header className="flex flex-col gap-4 px-1 sm:flex-row sm:items-end sm:gap-6 sm:px-6">
        <img
          src={institution.logoUrl ? `${institution.logoUrl}?w=400` : DEFAULT_AVATAR_URL}
          alt={`Logo de ${institution.name}`}
          width={128}
          height={128}
          decoding="async"
          className="-mt-12 size-24 shrink-0 rounded-3xl bg-white object-cover shadow-raised ring-4 ring-white sm:-mt-16 sm:size-32"
        />
        <div className="min-w-0 flex-1 pb-1">
          <h1 className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">
            {institution.name}
          </h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-ink-muted">
            <span className="inline-flex items-center gap-1.5">
              <MapPinIcon className="size-4 text-brand-700" />
              {institution.city}/{institution.state}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <GlobeIcon className="size-4 text-brand-700" />
              Voluntariado {VOLUNTEERING_TYPE_TEXT[institution.volunteeringType].toLowerCase()}
            </span>
          </p>
          <CauseTags slugs={institution.causes} className="mt-3" />
        </div>
        {join("w-full sm:w-auto lg:hidden")}
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-12">
        <div className="flex flex-col gap-8">
          <p className="rounded-2xl border-l-4 border-accent-400 bg-accent-50 px-5 py-4 text-lg font-medium text-pretty text-ink">
            {institution.summary}
          </p>
          <section aria-labelledby="sobre" className="flex flex-col gap-3">
            <h2 id="sobre" className="text-2xl font-bold text-ink">
              Sobre a instituição
            </h2>
            <Paragraphs text={institution.about} />
          </section>
        </div>
        <aside className="flex flex-col gap-5 self-start rounded-2xl border border-line bg-white p-5 shadow-card lg:sticky lg:top-24">
          <DetailFact icon={<MapPinIcon />} title="Endereço">
            <address className="not-italic">
              {addressLines(institution).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </DetailFact>
          {institution.contactEmail ? (
            <DetailFact icon={<MailIcon />} title="Contato">
              <a
                href={`mailto:${institution.contactEmail}`}
                className="inline-flex min-h-11 items-center rounded font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900 focus-ring"
              >
                {institution.contactEmail}
              </a>
            </DetailFact>
          ) : null}
          <DetailFact icon={<HandshakeIcon />} title="Como ajudar">
            Candidate-se e a instituição recebe sua mensagem por e‑mail.
          </DetailFact>
          {/* On a phone the status stands once, under the name; the button stays in both places. */}
          <div className={application ? "hidden lg:block" : undefined}>{join()}</div>
          {joinArea.kind === "public" ? (
            <ShareLinks
              url={absoluteUrl(config, `/instituicoes/${institution.id}`)}
              title={institution.name}
              text={`Conheça ${institution.name} (${institution.city}/${institution.state}) no ${config.appName}:`}
            />
          ) : null}
        </aside>
      </div>

      {events.length > 0 ? (
        <section aria-labelledby="proximos-eventos" className="mt-12 flex flex-col gap-5">
          <h2 id="proximos-eventos" className="text-2xl font-bold text-ink">
            Próximos eventos
          </h2>
          <EventCardGrid events={events} />
        </section>
      ) : null}
    </article>
  );
}

/** The preview's "Quero fazer parte": shown as volunteers will see it, inert until approval. */
function PreviewJoin({ className }: { className?: string }) {
  return (
    <div className={className}>
      <button type="button" disabled className={buttonStyles({ fullWidth: true })}>
        Quero fazer parte
      </button>
    </div>
  );
}
