import { AUDIT_ACTION_LABELS, type AuditAction } from "~/admin/audit-actions";
import { targetTypeLabel } from "~/admin/audit-trail";
import type { AuditEntry } from "~/admin/audit-trail.server";
import { EmailText } from "~/components/ui/email-text";
import { BRAZIL_TIME_ZONE } from "~/config/constants";

const WHEN = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: BRAZIL_TIME_ZONE,
});
const DAY = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeZone: BRAZIL_TIME_ZONE });
const TIME = new Intl.DateTimeFormat("pt-BR", { timeStyle: "short", timeZone: BRAZIL_TIME_ZONE });

const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;

/**
 * A page of the trail: a table from 1024 px, where four columns fit beside the menu; below
 * that, one card per entry, so a phone reads every field without scrolling sideways.
 */
export function AuditEntries({ entries, caption }: { entries: AuditEntry[]; caption: string }) {
  return (
    <>
      <section
        aria-label={caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1).
        tabIndex={0}
        className="mt-3 hidden overflow-x-auto rounded-2xl border border-line bg-white shadow-card focus-ring lg:block"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-line bg-surface text-ink-muted">
            <tr>
              {["Quando", "Quem", "Ação", "Registro"].map((column) => (
                <th key={column} scope="col" className="px-4 py-3 font-semibold">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className="border-b border-line align-top last:border-0">
                <td className="px-4 py-3 whitespace-nowrap">
                  {/* Day over time: the column stays narrow, leaving room for names and e-mails. */}
                  <time dateTime={entry.at} className="block">
                    {DAY.format(new Date(entry.at))}
                    <span className="block text-ink-muted">{TIME.format(new Date(entry.at))}</span>
                  </time>
                </td>
                <td className="px-4 py-3">
                  <Actor entry={entry} />
                </td>
                <td className="px-4 py-3 font-semibold">{actionLabel(entry.action)}</td>
                <td className="px-4 py-3">
                  <Target entry={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <ol aria-label={caption} className="mt-3 flex flex-col gap-3 lg:hidden">
        {entries.map((entry) => (
          <li key={entry.id} className="rounded-2xl border border-line bg-white p-4 shadow-card">
            <p className="font-semibold text-ink">{actionLabel(entry.action)}</p>
            <p className="text-sm text-ink-muted">
              <time dateTime={entry.at}>{WHEN.format(new Date(entry.at))}</time>
            </p>
            <dl className="mt-3 grid min-w-0 gap-3 text-sm">
              <div>
                <dt className="font-semibold text-ink-muted">Quem</dt>
                <dd>
                  <Actor entry={entry} />
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-ink-muted">Registro</dt>
                <dd>
                  <Target entry={entry} />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * The actor's name, with the e-mail under it (EmailText: it breaks before its "@" first, then
 * inside a part only when that part alone is wider than the line). overflow-wrap:anywhere, unlike
 * break-words, also lets the card's grid shrink to the phone's width: with break-words a 50-char
 * e-mail kept its whole width as the grid's minimum and the page scrolled sideways (issue 39).
 */
function Actor({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <span className="block [overflow-wrap:anywhere]">{entry.actorName}</span>
      {entry.actorEmail ? (
        <EmailText email={entry.actorEmail} className="block text-ink-muted" />
      ) : null}
    </>
  );
}

/** The record's name, its type, and its id on a line of its own (36 characters fit a phone). */
function Target({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <span className="block [overflow-wrap:anywhere]">{entry.targetName || "—"}</span>
      <span className="block text-ink-muted">{targetTypeLabel(entry.targetType)}</span>
      <span className="block text-xs [overflow-wrap:anywhere] text-ink-muted">
        {entry.targetId}
      </span>
    </>
  );
}
