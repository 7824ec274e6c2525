import { cx } from "~/components/ui/class-names";
import { causeLabel, skillLabel } from "~/config/causes";

/** Causes (or skills) as small tags on a card or a page, in the list's order. */
export function CauseTags({
  slugs,
  kind = "cause",
  label,
  className,
}: {
  slugs: readonly string[];
  kind?: "cause" | "skill";
  /** Names the list for screen readers ("Causas", "Habilidades desejáveis"). */
  label?: string;
  className?: string;
}) {
  if (slugs.length === 0) return null;
  const text = kind === "cause" ? causeLabel : skillLabel;
  return (
    <ul
      aria-label={label ?? (kind === "cause" ? "Causas" : "Habilidades")}
      className={cx("flex flex-wrap gap-1.5", className)}
    >
      {slugs.map((slug) => (
        <li
          key={slug}
          className={cx(
            "rounded-full px-2.5 py-0.5 text-sm font-semibold",
            kind === "cause" ? "bg-brand-50 text-brand-900" : "bg-line/70 text-ink",
          )}
        >
          {text(slug)}
        </li>
      ))}
    </ul>
  );
}
