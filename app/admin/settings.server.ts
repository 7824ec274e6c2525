import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { settings } from "~/db/schema";
import { recordAudit } from "./audit.server";

/**
 * Settings the admins change from the panel (table `settings`, one row per key). Each key has a
 * type and a default here; a key never saved, or saved with a value of the wrong type, reads as
 * its default.
 */

export interface Settings {
  /**
   * Whether a change of date or place to an APPROVED event sends it back to review (PENDING,
   * off the public site until approved again). Off: the event stays published with the change.
   */
  eventChangesNeedReview: boolean;
}

export type SettingKey = keyof Settings;

export const SETTING_DEFAULTS: Readonly<Settings> = { eventChangesNeedReview: false };

/** What the audit trail and the panel call each setting. */
export const SETTING_LABELS: Readonly<Record<SettingKey, string>> = {
  eventChangesNeedReview: "Alterações de data ou local de eventos aprovados voltam para análise",
};

const isOfType = <K extends SettingKey>(key: K, value: unknown): value is Settings[K] =>
  typeof value === typeof SETTING_DEFAULTS[key];

/**
 * A few seconds of memory per process: a setting is read by every event save, and an admin's
 * change reaches the other instances within this time (this one's at once).
 */
const CACHE_MS = 5_000;
const cache = new Map<SettingKey, { value: unknown; until: number }>();

/** One setting's value (one primary-key read, cached for a few seconds). */
export async function getSetting<K extends SettingKey>(key: K): Promise<Settings[K]> {
  const cached = cache.get(key);
  if (cached && cached.until > Date.now()) return cached.value as Settings[K];
  const [row] = await db()
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1);
  const value = row && isOfType(key, row.value) ? row.value : SETTING_DEFAULTS[key];
  cache.set(key, { value, until: Date.now() + CACHE_MS });
  return value;
}

/** Every setting, for the panel's form. */
export async function getSettings(): Promise<Settings> {
  return { eventChangesNeedReview: await getSetting("eventChangesNeedReview") };
}

/** Saves one setting and audits "settings.update" with the value before and after, together. */
export async function updateSetting<K extends SettingKey>(input: {
  adminId: string;
  key: K;
  value: Settings[K];
}): Promise<void> {
  if (!isOfType(input.key, input.value)) throw new TypeError(`bad value for setting ${input.key}`);
  await db().transaction(async (tx) => {
    const [previous] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, input.key))
      .for("update");
    const before =
      previous && isOfType(input.key, previous.value)
        ? previous.value
        : SETTING_DEFAULTS[input.key];
    await tx
      .insert(settings)
      .values({ key: input.key, value: input.value, updatedBy: input.adminId })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: input.value, updatedBy: input.adminId, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actorId: input.adminId,
      action: "settings.update",
      targetType: "setting",
      targetId: input.key,
      details: { name: SETTING_LABELS[input.key], key: input.key, before, after: input.value },
    });
  });
  cache.delete(input.key);
}

/**
 * The admin panel's form (components/admin/event-review-setting.tsx, intent
 * "salvar-configuracao"): reads the posted checkbox and saves it. Returns the message to show.
 */
export const SETTINGS_SAVED = "Configuração salva.";

export async function saveEventReviewSetting(input: {
  adminId: string;
  formData: FormData;
}): Promise<string> {
  await updateSetting({
    adminId: input.adminId,
    key: "eventChangesNeedReview",
    value: input.formData.get("eventChangesNeedReview") === "on",
  });
  return SETTINGS_SAVED;
}
