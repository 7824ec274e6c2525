import { Link } from "react-router";
import { ArrowRightIcon, MapPinIcon } from "~/components/public/public-icons";
import { DEFAULT_AVATAR_URL } from "~/components/ui/default-images";
import type { InstitutionCard as InstitutionCardData } from "~/institutions/public-institutions.server";
import { ResponsiveImage } from "./responsive-image";

/** Cards fill a column of a 1-, 2- or 3-column grid inside the 72rem page. */
export const CARD_IMAGE_SIZES = "(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw";

/**
 * An institution in a list: cover, logo, name, city/UF, summary and "Saiba mais". The whole card
 * is one link (the "Saiba mais" link stretched over it), so a screen reader hears one link per
 * card, named after the institution.
 */
export function InstitutionCard({
  institution,
  headingLevel = "h3",
  priority = false,
}: {
  institution: InstitutionCardData;
  headingLevel?: "h2" | "h3";
  priority?: boolean;
}) {
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-card transition hover:-translate-y-0.5 hover:shadow-raised motion-reduce:transition-none motion-reduce:hover:translate-y-0">
      {institution.coverUrl ? (
        <ResponsiveImage
          src={institution.coverUrl}
          widths={[400, 800, 1200]}
          sizes={CARD_IMAGE_SIZES}
          width={800}
          height={400}
          priority={priority}
          className="aspect-[2/1] w-full"
        />
      ) : (
        <div
          aria-hidden="true"
          className="aspect-[2/1] w-full bg-gradient-to-br from-brand-700 to-brand-400"
        />
      )}
      <div className="flex flex-1 flex-col px-5 pb-5">
        <img
          src={institution.logoUrl ? `${institution.logoUrl}?w=160` : DEFAULT_AVATAR_URL}
          alt=""
          width={64}
          height={64}
          loading={priority ? "eager" : "lazy"}
          decoding="async"
          className="-mt-8 size-16 rounded-2xl bg-white object-cover shadow-card ring-4 ring-white"
        />
        <Heading className="mt-3 text-lg leading-snug font-bold text-balance text-ink">
          {institution.name}
        </Heading>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-ink-muted">
          <MapPinIcon className="size-4 shrink-0 text-brand-700" />
          {institution.city}/{institution.state}
        </p>
        <p className="mt-3 flex-1 text-pretty text-ink-muted">{institution.summary}</p>
        <Link
          to={`/instituicoes/${institution.id}`}
          aria-label={`Saiba mais sobre ${institution.name}`}
          className="mt-4 inline-flex items-center gap-1.5 self-start rounded font-semibold text-brand-800 after:absolute after:inset-0 after:rounded-2xl group-hover:text-brand-900 focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-focus focus-visible:outline-none"
        >
          Saiba mais
          <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
        </Link>
      </div>
    </article>
  );
}
