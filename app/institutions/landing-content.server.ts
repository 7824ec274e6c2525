import { LANDING_INSTITUTIONS } from "~/config/constants";
import { type EventCard, listNextEvents } from "~/events/public-events.server";
import { markDegraded } from "~/lib/degraded-response.server";
import { log } from "~/lib/log.server";
import { type PlatformCounts, platformCounts } from "~/platform/platform-counts.server";
import { type InstitutionCard, listFeaturedInstitutions } from "./public-institutions.server";

/** How many upcoming events the landing page's teaser shows (one row of cards). */
const LANDING_EVENTS = 3;

/**
 * The landing page's data: three approved institutions, the next approved events and the
 * platform's counts (kept for minutes, ADR 0046), in parallel. A failure leaves the sections
 * empty (no counts rather than made-up ones) instead of taking the page down; docs/spec.md
 * section 8 has it logged only.
 */
export async function loadLandingContent(): Promise<{
  institutions: InstitutionCard[];
  events: EventCard[];
  counts: PlatformCounts | null;
}> {
  const [institutions, events, counts] = await Promise.all([
    listFeaturedInstitutions(LANDING_INSTITUTIONS).catch((error: unknown) => {
      // docs/spec.md 8: "Não foi possível obter as informações básicas das instituições." (logged only)
      log.error({ err: error }, "landing: could not list the featured institutions");
      markDegraded();
      return [];
    }),
    listNextEvents(LANDING_EVENTS).catch((error: unknown) => {
      log.error({ err: error }, "landing: could not list the next events");
      markDegraded();
      return [];
    }),
    platformCounts().catch((error: unknown) => {
      log.error({ err: error }, "landing: could not count the platform");
      markDegraded();
      return null;
    }),
  ]);
  return { institutions, events, counts };
}
