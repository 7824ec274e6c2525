import { cx } from "./class-names";

/**
 * An e-mail address that wraps on a narrow screen instead of overflowing its box: before the "@"
 * first (a <wbr> there), inside a part only when that part alone is wider than the box.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const at = email.indexOf("@");
  return (
    <span className={cx("[overflow-wrap:anywhere]", className)}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  );
}
