import { Link } from "react-router";
import { cx } from "~/components/ui/class-names";
import { DEFAULT_AVATAR_URL } from "~/components/ui/default-images";
import { ArrowRightIcon, MapPinIcon } from "~/components/ui/icons-common";
import { prepared } from "~/components/ui/prepared";
import type { InstitutionCard as InstitutionCardData } from "~/institutions/public-institutions.server";
import {
  CARD_CLASS,
  CARD_IMAGE_SIZES,
  type CardOptions,
  reusableCard,
  STRETCHED_LINK_CLASS,
} from "./card-styles";
import { CauseTags } from "./cause-tags";
import { ResponsiveImage } from "./responsive-image";

/**
 * An institution in a list: cover, logo, name, city/UF, summary and "Saiba mais". The whole card
 * is one link (the "Saiba mais" link stretched over it), so a screen reader hears one link per
 * card, named after the institution.
 */
export const InstitutionCard = prepared(
  "article",
  { className: CARD_CLASS },
  InstitutionCardBody,
  reusableCard,
);

function InstitutionCardBody({
  institution,
  headingLevel: Heading = "h3",
  priority = false,
}: { institution: InstitutionCardData } & CardOptions) {
  return (
    <>
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
        <CauseTags slugs={institution.causes} className="mt-3" />
        <Link
          to={`/instituicoes/${institution.id}`}
          aria-label={`Saiba mais sobre ${institution.name}`}
          className={cx("mt-4 self-start", STRETCHED_LINK_CLASS)}
        >
          Saiba mais
          <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
        </Link>
      </div>
    </>
  );
}
