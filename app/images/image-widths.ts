/**
 * The widths `/imagens/<id>?w=` serves (shared by the server and the pages' srcset). A short
 * fixed list: every variant is cached for a year by browsers and in memory on the server, so
 * arbitrary widths would let anyone fill both caches.
 */
export const IMAGE_WIDTHS = [160, 400, 800, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function isImageWidth(value: number): value is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(value);
}
