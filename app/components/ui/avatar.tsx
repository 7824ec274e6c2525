import { cx } from "./class-names";
import { DEFAULT_AVATAR_URL } from "./default-images";

/**
 * A round photo, or the default avatar when there is none. Width and height are set so the page
 * does not shift while it loads. The alt text is empty: the name is always written next to it.
 */
export function Avatar({
  photoUrl,
  size = 48,
  className,
}: {
  photoUrl?: string | null;
  size?: number;
  className?: string;
}) {
  return (
    <img
      src={photoUrl || DEFAULT_AVATAR_URL}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={cx("shrink-0 rounded-full bg-brand-50 object-cover ring-2 ring-white", className)}
      style={{ width: size, height: size }}
    />
  );
}
