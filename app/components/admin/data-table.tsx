import type { ReactNode } from "react";
import { cx } from "../ui/class-names";

/** The admin's tables: a count line, an empty state, or a bordered table with a header row. */
export function DataTable({
  caption,
  columns,
  countText,
  emptyText,
  isEmpty,
  children,
}: {
  caption: string;
  /**
   * Header labels; a label ending in ">" is right-aligned (e.g. "Ações>"), one starting with "~"
   * is hidden on phones (its cells are too).
   */
  columns: string[];
  countText: string;
  emptyText: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <p className="mt-4 text-sm font-semibold text-ink-muted">{countText}</p>
      {isEmpty ? (
        <p className="mt-4 rounded-2xl border border-dashed border-line bg-white p-8 text-center text-ink-muted">
          {emptyText}
        </p>
      ) : (
        // A narrow screen scrolls the table sideways: the region takes focus so a keyboard can too.
        <section
          aria-label={caption}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1).
          tabIndex={0}
          className="mt-3 overflow-x-auto rounded-2xl border border-line bg-white shadow-card focus-ring"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="border-b border-line bg-surface text-ink-muted">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className={cx(
                      "px-4 py-3 font-semibold",
                      column.endsWith(">") && "text-right",
                      column.startsWith("~") && "hidden sm:table-cell",
                    )}
                  >
                    {column.replace(/>$/, "").replace(/^~/, "")}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </section>
      )}
    </>
  );
}
