import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { adminHref, type MenuSection } from "~/admin/admin-url";
import { LogoMark } from "../layout/logo-mark";
import { cx } from "../ui/class-names";
import { EmailText } from "../ui/email-text";
import { LogOutIcon } from "../ui/icons";

const MENU: { section: MenuSection; label: string }[] = [
  { section: "dashboard", label: "Dashboard" },
  { section: "voluntarios", label: "Voluntários" },
  { section: "instituicoes", label: "Instituições" },
  { section: "eventos", label: "Eventos" },
  { section: "auditoria", label: "Auditoria" },
];

/** Header with the admin's name and e-mail, the side menu, and the content area. */
export function AdminShell({
  appName,
  admin,
  active,
  children,
}: {
  appName: string;
  admin: { name: string; email: string };
  active: MenuSection;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const loggingOut = navigation.formAction === "/auth/sair";
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/admin/dashboard";
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex min-h-16 max-w-page items-center justify-between gap-3 px-4">
          <Link
            to="/"
            aria-label={`${appName} · Administração, página inicial`}
            className="-ml-1 flex min-h-11 min-w-11 shrink-0 items-center gap-2 rounded-lg p-1 font-extrabold text-brand-900 focus-ring"
          >
            <LogoMark className="size-8" />
            <span className="hidden sm:inline">{appName} · Administração</span>
          </Link>
          {/* Wrapped, never cut: a long name or e-mail takes a second line on a phone. */}
          <div className="min-w-0 py-2 text-right">
            <p className="text-sm font-semibold break-words text-ink">{admin.name}</p>
            <EmailText email={admin.email} className="block text-xs text-ink-muted" />
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-page flex-1 flex-col gap-6 px-4 py-6 md:flex-row">
        <nav aria-label="Menu administrativo" className="md:w-56 md:shrink-0">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {MENU.map((item) => (
              <li key={item.section}>
                <Link
                  to={adminHref({ section: item.section })}
                  aria-current={item.section === active ? "page" : undefined}
                  className={cx(
                    "flex min-h-11 items-center rounded-xl px-4 font-semibold focus-ring",
                    item.section === active
                      ? "bg-brand-700 text-white"
                      : "text-ink hover:bg-brand-50 hover:text-brand-800",
                  )}
                >
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <Form method="post" action="/auth/sair">
                <button
                  type="submit"
                  aria-busy={loggingOut || undefined}
                  className="flex min-h-11 w-full items-center gap-2 rounded-xl px-4 font-semibold text-danger-700 hover:bg-danger-50 focus-ring"
                >
                  <LogOutIcon className="size-5" />
                  Sair da conta
                </button>
              </Form>
            </li>
          </ul>
        </nav>
        <main
          id="conteudo"
          tabIndex={-1}
          aria-busy={loading || undefined}
          className={cx(
            "min-w-0 flex-1 focus:outline-none",
            loading && "opacity-70 transition-opacity",
          )}
        >
          {children}
        </main>
      </div>
    </div>
  );
}
