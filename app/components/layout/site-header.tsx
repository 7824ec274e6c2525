import { Link } from "react-router";
import type { HeaderPerson } from "~/auth/session-user";
import { usePublicConfig } from "~/components/layout/use-public-config";
import { Avatar } from "../ui/avatar";
import { buttonStyles } from "../ui/button-styles";
import { EmailText } from "../ui/email-text";
import { LogoMark } from "./logo-mark";
import { NavLinks, PhoneMenu } from "./site-nav";
import { navItems } from "./site-sections";

/**
 * Who the header is for: nobody signed in, a signed-in person, or "signed-in" when someone is
 * signed in but the page is one every member shares (ADR 0053) and their name is still on its way.
 */
export type HeaderUser = HeaderPerson | "signed-in" | null;

/** Where "Minha área" goes before the header knows whose area it is: /app sends each to theirs. */
const ANY_MEMBER_HOME = "/app";

/**
 * The site's header on every page but the sign-in and admin frames: product name, the main
 * navigation ("Instituições", "Eventos", the person's area, the current section marked) and,
 * on the right, either "Entrar" / "Cadastre-se" or the signed-in person (photo, name, e-mail)
 * linking to their home. Below the `lg` breakpoint the navigation folds into the "Menu" button
 * (PhoneMenu, ADR 0030); the account links and the person's name stay in the bar, names wrap
 * instead of being cut.
 */
export function SiteHeader({ user = null }: { user?: HeaderUser }) {
  const { appName } = usePublicConfig();
  const person = user === "signed-in" ? null : user;
  // With the areas a person on a team switches between (issue 41).
  const items = navItems(user ? (person?.homePath ?? ANY_MEMBER_HOME) : null, person?.areas);
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur supports-backdrop-filter:bg-white/85">
      <a
        href="#conteudo"
        className="sr-only rounded-lg bg-brand-800 font-semibold text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-3 focus-visible:outline-brand-300"
      >
        Pular para o conteúdo
      </a>
      <div className="@container mx-auto flex min-h-16 max-w-page items-center gap-2 px-4 py-1.5 sm:min-h-18">
        <Link
          to="/"
          className="-ml-1 flex min-h-11 min-w-11 shrink-0 items-center gap-2.5 rounded-lg p-1 focus-ring"
          aria-label={`${appName}, página inicial`}
        >
          <LogoMark className="size-8 sm:size-9" />
          {/* Beside the menu and account links a phone has no room for the name: only the mark
              shows there (the link keeps its name in aria-label); from 34rem it wraps into a
              two-line wordmark instead of being cut, on one line on wide screens. */}
          <span className="hidden max-w-48 text-base leading-tight font-extrabold tracking-tight text-balance text-brand-900 @min-[34rem]:inline sm:text-xl lg:max-w-none">
            {appName}
          </span>
        </Link>
        <nav aria-label="Principal" className="ml-4 hidden lg:block">
          <NavLinks items={items} layout="row" />
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          {user ? <UserBadge user={person} /> : <GuestLinks />}
          <PhoneMenu className="lg:hidden">
            <nav aria-label="Principal">
              {person ? (
                <p className="mb-3 border-b border-line px-4 pb-3 text-sm text-ink-muted">
                  Você entrou como{" "}
                  <span className="font-semibold break-words text-ink">{person.name}</span>
                  <EmailText email={person.email} className="block" />
                </p>
              ) : null}
              <NavLinks items={items} layout="list" />
            </nav>
          </PhoneMenu>
        </div>
      </div>
    </header>
  );
}

function GuestLinks() {
  return (
    <nav aria-label="Conta" className="flex shrink-0 items-center gap-1 sm:gap-2">
      <Link
        to="/auth/login"
        className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-xl px-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-ring sm:px-4 sm:text-base"
      >
        Entrar
      </Link>
      <Link
        to="/auth/cadastro"
        className={buttonStyles({ size: "sm", className: "min-h-11 px-3 sm:px-5 sm:text-base" })}
      >
        Cadastre-se
      </Link>
    </nav>
  );
}

/**
 * The person's photo and name (with the e-mail from `sm`), wrapped rather than cut. Before the
 * header knows who it is (`user` null, ADR 0053): "Minha área" and the default photo, the same
 * size, so nothing moves when the name arrives; without JavaScript it stays, and works.
 */
function UserBadge({ user }: { user: HeaderPerson | null }) {
  return (
    <Link
      to={user?.homePath ?? ANY_MEMBER_HOME}
      className="flex min-h-11 min-w-0 items-center gap-2 rounded-xl py-1 pr-1 pl-2 hover:bg-brand-50 focus-ring sm:gap-3 sm:pl-3"
    >
      <span className="min-w-0 text-right sm:max-w-72 lg:max-w-96">
        <span className="block text-sm leading-snug font-semibold break-words text-ink">
          {user?.name ?? "Minha área"}
        </span>
        {user ? (
          <EmailText email={user.email} className="hidden text-xs text-ink-muted sm:block" />
        ) : null}
      </span>
      <Avatar photoUrl={user?.photoUrl} size={40} className="ring-brand-100" />
    </Link>
  );
}
