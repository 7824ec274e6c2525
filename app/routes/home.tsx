import { usePublicConfig } from "~/components/layout/use-public-config";
import { About } from "~/components/public/landing/about";
import { Benefits } from "~/components/public/landing/benefits";
import { EventsTeaser } from "~/components/public/landing/events-teaser";
import { Faq } from "~/components/public/landing/faq";
import { FeaturedInstitutions } from "~/components/public/landing/featured-institutions";
import { Hero, signedInVisitor } from "~/components/public/landing/hero";
import { HowItWorks } from "~/components/public/landing/how-it-works";
import { JoinBand } from "~/components/public/landing/join-band";
import { PlatformNumbers } from "~/components/public/landing/platform-numbers";
import { SectionNav } from "~/components/public/landing/section-nav";
import { publicPageMeta } from "~/components/public/page-meta";
import { loadLandingContent } from "~/institutions/landing-content.server";
import { sessionContext } from "~/web/session.server";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  return publicPageMeta({
    config: matches[0]?.loaderData?.config,
    title: "Voluntariado que transforma",
    description:
      "Encontre instituições beneficentes e eventos perto de você, candidate-se em poucos toques e comece a ser voluntário. Cadastro gratuito.",
    path: "/",
  });
}

/**
 * The landing's content, and who is looking: a signed-in person is greeted and offered their
 * area and the lists instead of the sign-up buttons.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(sessionContext);
  const content = await loadLandingContent();
  return { ...content, visitor: user ? signedInVisitor(user) : null };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { appName, contactEmail } = usePublicConfig();
  return (
    <>
      <Hero appName={appName} visitor={loaderData.visitor} />
      <SectionNav />
      <PlatformNumbers counts={loaderData.counts} />
      <Benefits />
      <About appName={appName} />
      <HowItWorks />
      <FeaturedInstitutions institutions={loaderData.institutions} />
      <EventsTeaser events={loaderData.events} />
      <Faq contactEmail={contactEmail} />
      {loaderData.visitor ? null : <JoinBand />}
    </>
  );
}
