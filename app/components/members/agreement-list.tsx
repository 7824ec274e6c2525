import { Link } from "react-router";
import type { AgreementStatus } from "~/agreements/agreement-status";
import { DownloadIcon, HandshakeIcon } from "~/components/ui/icons";
import { EmptyList, IconListItem, ITEM_TITLE_LINK } from "./member-section";
import { StatusBadge } from "./status-badge";

export interface AgreementListItem {
  id: string;
  activity: string;
  /** The other party: the institution for the volunteer, the volunteer for the institution. */
  party: string;
  /** "27/11/2026" */
  issuedOn: string;
  status: AgreementStatus;
  /** Where its title leads (the volunteer reads it; the institution downloads it). */
  href: string;
  pdfHref: string;
}

/** Termos as a list, for the volunteer (/app/termos) and the institution (/app/instituicao/termos). */
export function AgreementList({
  items,
  emptyMessage,
}: {
  items: AgreementListItem[];
  emptyMessage: string;
}) {
  if (items.length === 0) return <EmptyList message={emptyMessage} />;
  return (
    <ul className="flex flex-col gap-3">
      {items.map((item) => (
        <IconListItem key={item.id} icon={<HandshakeIcon />}>
          <Link to={item.href} className={ITEM_TITLE_LINK}>
            {item.activity}
          </Link>
          <p className="text-sm break-words text-ink-muted">{item.party}</p>
          <p className="mt-1 text-sm text-ink">Emitido em {item.issuedOn}</p>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
            <StatusBadge kind="agreement" status={item.status} />
            <a
              href={item.pdfHref}
              download
              className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-ring [&>svg]:size-4"
            >
              <DownloadIcon />
              Baixar PDF<span className="sr-only"> do termo: {item.activity}</span>
            </a>
          </div>
        </IconListItem>
      ))}
    </ul>
  );
}
