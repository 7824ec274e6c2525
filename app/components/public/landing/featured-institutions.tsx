import type { InstitutionCard as InstitutionCardData } from "~/institutions/public-institutions.server";
import { InstitutionCard } from "../institution-card";
import { LandingSection } from "./landing-section";
import { SeeAllLink } from "./see-all-link";

/** #instituicoes: three approved institutions and the way to the directory. */
export function FeaturedInstitutions({ institutions }: { institutions: InstitutionCardData[] }) {
  return (
    <LandingSection
      id="instituicoes"
      label="Instituições"
      title="Instituições que você pode apoiar"
      description="Todas aprovadas pela nossa equipe. Conheça o trabalho de cada uma e escolha onde ajudar."
      tone="muted"
    >
      {institutions.length > 0 ? (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {institutions.map((institution) => (
            <li key={institution.id}>
              <InstitutionCard institution={institution} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-ink-muted">As primeiras instituições estão chegando. Volte em breve!</p>
      )}
      <SeeAllLink to="/instituicoes">Ver todas as instituições</SeeAllLink>
    </LandingSection>
  );
}
