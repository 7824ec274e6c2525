import { createRandom } from "../random.server";
import { planEvents } from "./plan-events.server";
import { planInstitutions } from "./plan-institutions.server";
import type { DemoPlan } from "./plan-types.server";
import { planRequests, planVolunteers } from "./plan-volunteers.server";

/** Fixed so every fresh demo database shows the same content (stable screenshots). */
const DEMO_SEED = 20_260_426;

/** Everything the demo seed writes, decided from a fixed seed and today's date. */
export function planDemo(now: Date): DemoPlan {
  const random = createRandom(DEMO_SEED);
  const institutions = planInstitutions(random, now);
  const events = planEvents(random, now, institutions);
  const volunteers = planVolunteers(random, now);
  const requests = planRequests(random, now, volunteers, institutions);
  return { institutions, events, volunteers, requests };
}
