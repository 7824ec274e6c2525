import type { VolunteeringType } from "~/config/constants";

/** How the public pages describe an institution's volunteering type. */
export const VOLUNTEERING_TYPE_TEXT: Record<VolunteeringType, string> = {
  PRESENCIAL: "Presencial",
  ONLINE: "Online",
  ALL: "Presencial e online",
};
