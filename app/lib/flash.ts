/**
 * A one-shot message that survives a redirect ("Logout realizado com sucesso."): the server sets
 * it as a cookie (web/flash.server.ts) and the page shows it as a toast. Its tone is the toast's.
 */
export type FlashTone = "success" | "error" | "info";

export interface Flash {
  message: string;
  tone: FlashTone;
}
