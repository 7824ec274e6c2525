import { type FormRefusal, prepareImages, resolveCity } from "~/account/member-form.server";
import { todayInBrazil } from "~/events/event-dates";
import { validateForm } from "~/forms/form-validation";
import { eventFormSchema } from "./event-form-schema";
import type { EventInput } from "./institution-events.server";

/**
 * Reads a posted event form (create or edit): the schema's rules, an IBGE city, and the cover
 * through the image pipeline (counted against the uploads of the person sending it, whose staged
 * photos it may claim). Nothing is stored here; the save checks again that a kept cover exists.
 */
export async function readEventForm(
  formData: FormData,
  options: { coverOnFile: boolean; uploaderId: string },
): Promise<{ ok: true; input: EventInput } | FormRefusal> {
  const parsed = validateForm(
    eventFormSchema({ today: todayInBrazil(), cover: options.coverOnFile }),
    formData,
  );
  if (!parsed.ok) return parsed;
  const location = resolveCity(parsed.data.uf, parsed.data.city);
  if (!location.ok) return location;
  const prepared = await prepareImages(options.uploaderId, {
    landingImage: { choice: parsed.data.landingImage, kind: "cover" },
  });
  if (!prepared.ok) return prepared;
  const { landingImage: _, ...fields } = parsed.data;
  return {
    ok: true,
    input: { ...fields, city: location.city, cover: prepared.images.landingImage },
  };
}
