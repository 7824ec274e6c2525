import { Form, useNavigation, useRevalidator } from "react-router";
import { getDashboardCounts } from "~/admin/dashboard.server";
import { requireAdmin, sessionUser } from "~/auth/guards.server";
import { LogoMark } from "~/components/layout/logo-mark";
import { LogOutIcon } from "~/components/ui/icons";
import { RefreshButton } from "~/components/ui/refresh-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { usePublicConfig } from "~/lib/use-public-config";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/admin.dashboard";

export const middleware: Route.MiddlewareFunction[] = [requireAdmin];
export const handle: RouteHandle = { layout: "bare" };

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Painel administrativo | ${appName}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const admin = sessionUser(context);
  return { admin: { name: admin.name, email: admin.email }, counts: await getDashboardCounts() };
}

const CARDS = [
  { key: "totalVolunteers", label: "Voluntários" },
  { key: "totalInstitutions", label: "Instituições" },
  { key: "totalVolunteerRequests", label: "Candidaturas" },
  { key: "totalEvents", label: "Eventos" },
] as const;

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { admin, counts } = loaderData;
  const { appName } = usePublicConfig();
  const revalidator = useRevalidator();
  const loggingOut = useNavigation().formAction === "/auth/sair";
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex h-16 max-w-page items-center justify-between gap-3 px-4">
          <span className="flex items-center gap-2 font-extrabold text-brand-900">
            <LogoMark className="size-8" />
            <span className="hidden sm:inline">{appName} · Administração</span>
          </span>
          <div className="min-w-0 text-right">
            <p className="truncate text-sm font-semibold text-ink">{admin.name}</p>
            <p className="truncate text-xs text-ink-muted">{admin.email}</p>
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-page flex-1 flex-col gap-6 px-4 py-6 md:flex-row">
        <nav aria-label="Menu administrativo" className="md:w-56 md:shrink-0">
          <ul className="flex gap-2 md:flex-col">
            <li>
              <span
                aria-current="page"
                className="flex min-h-11 items-center rounded-xl bg-brand-700 px-4 font-semibold text-white"
              >
                Dashboard
              </span>
            </li>
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
        <main id="conteudo" className="min-w-0 flex-1">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <SectionHeading as="h1" title="Dashboard" description="Visão geral da plataforma." />
            <RefreshButton
              loading={revalidator.state === "loading"}
              onClick={() => revalidator.revalidate()}
            />
          </div>
          <dl className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
            {CARDS.map((card) => (
              <div
                key={card.key}
                className="rounded-2xl border border-line bg-white p-5 shadow-card"
              >
                <dt className="text-sm font-semibold text-ink-muted">{card.label}</dt>
                <dd className="mt-2 text-3xl font-bold text-brand-900">
                  {counts[card.key].toLocaleString("pt-BR")}
                </dd>
              </div>
            ))}
          </dl>
        </main>
      </div>
    </div>
  );
}
