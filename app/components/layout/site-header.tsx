import { Link } from "react-router";
import { usePublicConfig } from "~/components/layout/use-public-config";
import { Avatar } from "../ui/avatar";
import { buttonStyles } from "../ui/button-styles";
import { LogoMark } from "./logo-mark";

export interface HeaderUser {
  name: string;
  email: string;
  photoUrl: string | null;
  /** The home of the person's role and profile (SPEC "Home routing by role"). */
  homePath: string;
}

/**
 * The landing header: product name and, on the right, either "Entrar" / "Cadastre-se" or the
 * logged-in person (photo, name, e-mail) linking to their home.
 */
export function SiteHeader({ user }: { user?: HeaderUser | null }) {
  const { appName } = usePublicConfig();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur supports-backdrop-filter:bg-white/85">
      <a
        href="#conteudo"
        className="sr-only rounded-lg bg-brand-800 font-semibold text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-3 focus-visible:outline-brand-300"
      >
        Pular para o conteúdo
      </a>
      <div className="@container mx-auto flex h-16 max-w-page items-center justify-between gap-3 px-4 sm:h-18">
        <Link
          to="/"
          className="-ml-1 flex min-w-0 items-center gap-2.5 rounded-lg p-1 focus-ring"
          aria-label={`${appName}, página inicial`}
        >
          <LogoMark className="size-8 sm:size-9" />
          {/* On a phone a long name wraps into a two-line wordmark instead of being cut; on the
              narrowest phones only the mark shows (the link keeps its name in aria-label). */}
          <span className="line-clamp-2 text-base leading-tight font-extrabold tracking-tight text-balance text-brand-900 @max-[21rem]:hidden sm:text-xl">
            {appName}
          </span>
        </Link>
        {user ? <UserBadge user={user} /> : <GuestLinks />}
      </div>
    </header>
  );
}

function GuestLinks() {
  return (
    <nav aria-label="Conta" className="flex shrink-0 items-center gap-1 sm:gap-2">
      <Link
        to="/auth/login"
        className="inline-flex min-h-10 items-center rounded-xl px-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-ring sm:px-4 sm:text-base"
      >
        Entrar
      </Link>
      <Link
        to="/auth/cadastro"
        className={buttonStyles({ size: "sm", className: "px-3 sm:min-h-11 sm:px-5 sm:text-base" })}
      >
        Cadastre-se
      </Link>
    </nav>
  );
}

function UserBadge({ user }: { user: HeaderUser }) {
  return (
    <Link
      to={user.homePath}
      className="flex shrink-0 items-center gap-3 rounded-xl py-1 pr-1 pl-2 hover:bg-brand-50 focus-ring sm:pl-3"
    >
      <span className="max-w-34 min-w-0 text-right sm:max-w-64">
        <span className="block truncate text-sm font-semibold text-ink">{user.name}</span>
        <span className="block truncate text-xs text-ink-muted">{user.email}</span>
      </span>
      <Avatar photoUrl={user.photoUrl} size={40} className="ring-brand-100" />
    </Link>
  );
}
