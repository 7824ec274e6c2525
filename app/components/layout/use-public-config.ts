import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "~/config/public-config.server";

/** What pages show while the root loader's data is missing (the root error boundary). */
const FALLBACK: PublicConfig = {
  appName: "Conecta Voluntário",
  contactEmail: "",
  supportWhatsapp: null,
  baseUrl: "",
};

/** The product name, contact e-mail and support number, from the root loader. */
export function usePublicConfig(): PublicConfig {
  return useRouteLoaderData<{ config: PublicConfig }>("root")?.config ?? FALLBACK;
}
