import { cx } from "~/components/ui/class-names";
import type { ImageWidth } from "~/images/image-widths";

interface ResponsiveImageProps {
  /** `/imagens/<id>` (gets a srcset of narrower copies) or any other URL (used as is). */
  src: string;
  /** Copies to offer, narrowest first; the browser picks by `sizes` and the screen density. */
  widths: readonly ImageWidth[];
  /** How wide the image is drawn, e.g. "(min-width: 1024px) 360px, 100vw". */
  sizes: string;
  /** The intrinsic ratio (width and height attributes), so nothing shifts while it loads. */
  width: number;
  height: number;
  alt?: string;
  /** The page's main picture: loaded first instead of lazily. */
  priority?: boolean;
  className?: string;
}

/** An <img> sized for its slot: stored images come in the narrowest copy that looks sharp. */
export function ResponsiveImage({
  src,
  widths,
  sizes,
  width,
  height,
  alt = "",
  priority = false,
  className,
}: ResponsiveImageProps) {
  const resizable = src.startsWith("/imagens/");
  const fallbackWidth = widths[Math.min(1, widths.length - 1)];
  return (
    <img
      src={resizable && fallbackWidth ? `${src}?w=${fallbackWidth}` : src}
      srcSet={resizable ? widths.map((w) => `${src}?w=${w} ${w}w`).join(", ") : undefined}
      sizes={resizable ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? "sync" : "async"}
      className={cx("bg-brand-50 object-cover", className)}
    />
  );
}
