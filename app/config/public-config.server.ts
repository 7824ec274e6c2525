import { env } from "./env.server";

export interface PublicConfig {
  appName: string;
  contactEmail: string;
  supportWhatsapp: string | null;
  baseUrl: string;
}

/** The part of the configuration that pages may show. */
export function publicConfig(): PublicConfig {
  const config = env();
  return {
    appName: config.APP_NAME,
    contactEmail: config.CONTACT_EMAIL,
    supportWhatsapp: config.SUPPORT_WHATSAPP ?? null,
    baseUrl: config.BASE_URL,
  };
}
