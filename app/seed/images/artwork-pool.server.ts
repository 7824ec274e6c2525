import type { ProcessedImage } from "~/images/pipeline.server";
import type { CauseKey } from "../content/causes.server";
import {
  avatarSvg,
  CAUSE_PALETTE,
  coverSvg,
  logoSvg,
  PALETTES,
  type Palette,
} from "./artwork.server";
import { renderSvg } from "./render.server";

/**
 * Renders each distinct picture once, however many rows show it: keyed by what the picture
 * depends on, all renders started together so sharp uses every core.
 */
export class ArtworkPool {
  private readonly pending = new Map<string, Promise<ProcessedImage>>();
  private readonly done = new Map<string, ProcessedImage>();

  logo(initials: string, cause: CauseKey, palette: number): string {
    return this.request(`logo:${initials}:${cause}:${palette}`, () =>
      logoSvg(initials, cause, paletteAt(palette)),
    );
  }

  cover(cause: CauseKey, variant: number): string {
    return this.request(`cover:${cause}:${variant}`, () =>
      coverSvg(cause, paletteAt(CAUSE_PALETTE[cause]), variant),
    );
  }

  avatar(palette: number): string {
    return this.request(`avatar:${palette}`, () => avatarSvg(paletteAt(palette)));
  }

  /** Waits for every requested picture; afterwards `get` returns them synchronously. */
  async settle(): Promise<void> {
    const entries = [...this.pending.entries()];
    const images = await Promise.all(entries.map(([, promise]) => promise));
    entries.forEach(([key], index) => {
      this.done.set(key, images[index] as ProcessedImage);
    });
  }

  get(key: string): ProcessedImage {
    const image = this.done.get(key);
    if (!image) throw new Error(`Artwork ${key} was not rendered (call settle() first)`);
    return image;
  }

  get size(): number {
    return this.pending.size;
  }

  private request(key: string, svg: () => string): string {
    if (!this.pending.has(key)) {
      const rendering = renderSvg(svg());
      // settle() reports the failure; this only keeps an early one from being "unhandled".
      rendering.catch(() => {});
      this.pending.set(key, rendering);
    }
    return key;
  }
}

function paletteAt(index: number): Palette {
  return PALETTES[index % PALETTES.length] as Palette;
}
