import type { ReactNode } from "react";
import { Link } from "react-router";
import { LogoMark } from "~/components/layout/logo-mark";
import { usePublicConfig } from "~/components/layout/use-public-config";
import { SectionHeading } from "~/components/ui/section-heading";

export interface AuthHeaderLink {
  to: string;
  label: string;
}

/**
 * The frame of the sign-in, sign-up and password pages: a slim header with the page's own links
 * (SPEC: "Criar nova conta" and "Página inicial" on login, for example) and a centred card.
 * `links={null}` hides the header (the sign-up progress screen).
 */
export function AuthPage({
  links,
  label,
  title,
  description,
  children,
}: {
  links: AuthHeaderLink[] | null;
  label?: string;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  const { appName } = usePublicConfig();
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      {links && (
        <header className="border-b border-line bg-white">
          <div className="mx-auto flex h-16 max-w-page items-center justify-between gap-3 px-4 sm:px-6">
            <Link
              to="/"
              className="-ml-1 flex min-h-11 min-w-11 items-center gap-2 rounded-lg p-1 focus-ring"
              aria-label={`${appName}, página inicial`}
            >
              <LogoMark className="size-8" />
              <span className="hidden truncate font-extrabold tracking-tight text-brand-900 sm:inline">
                {appName}
              </span>
            </Link>
            <nav aria-label="Navegação do cadastro" className="flex shrink-0 items-center sm:gap-3">
              {links.map((link) => (
                <Link
                  key={link.to}
                  to={link.to}
                  className="inline-flex min-h-11 items-center rounded-xl px-2 text-sm font-semibold whitespace-nowrap text-brand-800 hover:bg-brand-50 focus-ring sm:px-3"
                >
                  {link.label}
                </Link>
              ))}
            </nav>
          </div>
        </header>
      )}
      <main id="conteudo" className="flex flex-1 justify-center px-4 py-8 sm:py-14">
        <div className="w-full max-w-lg">
          <div className="rounded-2xl border border-line bg-white p-6 shadow-card sm:p-8">
            <SectionHeading as="h1" label={label} title={title} description={description} />
            <div className="mt-6">{children}</div>
          </div>
        </div>
      </main>
    </div>
  );
}

export const HOME_LINK: AuthHeaderLink = { to: "/", label: "Página inicial" };
