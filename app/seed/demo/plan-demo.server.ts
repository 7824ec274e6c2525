import { createRandom } from "../random.server";
import { planEvents } from "./plan-events.server";
import { planInstitutions } from "./plan-institutions.server";
import { planSchedule } from "./plan-schedule.server";
import type { DemoPlan } from "./plan-types.server";
import { planRequests, planVolunteers } from "./plan-volunteers.server";

/** Fixed so every fresh demo database shows the same content (stable screenshots). */
const DEMO_SEED = 20_260_426;

/** Everything the demo seed writes, decided from a fixed seed and today's date. */
export function planDemo(now: Date): DemoPlan {
  const random = createRandom(DEMO_SEED);
  const institutions = planInstitutions(random, now);
  const unscheduled = planEvents(random, now, institutions);
  const volunteers = planVolunteers(random, now);
  const requests = planRequests(random, now, volunteers, institutions);
  // Drawn from a generator of their own: adding them left every other choice of the demo (the
  // example volunteer, which events exist) as it was.
  const scheduleRandom = createRandom(DEMO_SEED + 1);
  const events = unscheduled.map((event) => ({
    ...event,
    schedule: planSchedule(scheduleRandom, event),
  }));
  return { institutions, events, volunteers, requests };
}
