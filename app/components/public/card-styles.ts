/** Cards fill a column of a 1-, 2- or 3-column grid inside the 72rem page. */
export const CARD_IMAGE_SIZES = "(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw";

/** A list card: rounded, lifted a little on hover (not for those who prefer less motion). */
export const CARD_CLASS =
  "group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-card transition hover:-translate-y-0.5 hover:shadow-raised motion-reduce:transition-none motion-reduce:hover:translate-y-0";

/**
 * The card's one link, stretched over the whole card (its ::after covers it), so the card is
 * one tap target and one link for screen readers; the focus ring follows the card's outline.
 */
export const STRETCHED_LINK_CLASS =
  "inline-flex min-h-11 items-center gap-1.5 rounded font-semibold text-brand-800 after:absolute after:inset-0 after:rounded-2xl group-hover:text-brand-900 focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-focus focus-visible:outline-none";

/** What every list card takes besides its record. */
export interface CardOptions {
  headingLevel?: "h2" | "h3";
  /** The page's main picture: loaded first (React preloads it in the page's head). */
  priority?: boolean;
}

/**
 * Whether the server may reuse a card's kept HTML (ADR 0059): not for a card with priority,
 * whose picture React preloads in the page's head.
 */
export const reusableCard = (card: CardOptions) => !card.priority;
