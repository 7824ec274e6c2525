import type { ReactNode } from "react";
import { Avatar } from "./avatar";
import { cx } from "./class-names";

interface ProfileCardProps {
  name: string;
  /** Usually the e-mail; any short second line. */
  subtitle?: ReactNode;
  photoUrl?: string | null;
  /** Extra content under the name, e.g. a status badge. */
  children?: ReactNode;
  className?: string;
}

/** Who is logged in: photo (or the default avatar), name and e-mail, at the top of a home page. */
export function ProfileCard({ name, subtitle, photoUrl, children, className }: ProfileCardProps) {
  return (
    <div
      className={cx(
        "flex items-center gap-4 rounded-2xl border border-line bg-white p-4 shadow-card sm:p-5",
        className,
      )}
    >
      <Avatar photoUrl={photoUrl} size={64} className="ring-brand-100" />
      <div className="min-w-0 flex-1">
        <p className="text-lg leading-snug font-bold text-balance text-ink">{name}</p>
        {/* E-mails have no spaces: let them break anywhere rather than hide their end. */}
        {subtitle ? (
          <p className="text-sm text-ink-muted [overflow-wrap:anywhere]">{subtitle}</p>
        ) : null}
        {children ? <div className="mt-2">{children}</div> : null}
      </div>
    </div>
  );
}
