/** Shown when a person or institution has no photo (files in public/images). */
export const DEFAULT_AVATAR_URL = "/images/avatar-padrao.svg";
/** Shown on event cards without a cover photo; 16:9 like the card's image slot. */
export const DEFAULT_EVENT_IMAGE_URL = "/images/evento-padrao.svg";
