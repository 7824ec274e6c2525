import { data } from "react-router";
import { keepEventListState, PARENT, parseAdminQuery } from "~/admin/admin-url";
import { AdminSectionView } from "~/components/admin/admin-section-view";
import { AdminShell } from "~/components/admin/admin-shell";
import { usePublicConfig } from "~/components/layout/use-public-config";
import { ToastProvider } from "~/components/ui/toast";
import type { RouteHandle } from "~/root";
import { sessionUser } from "~/web/guards.server";
import { readFormData } from "~/web/read-form-data.server";
import type { Route } from "./+types/admin.dashboard";
import { loadAdminPage, runAdminAction } from "./admin.dashboard.server";

export const handle: RouteHandle = { layout: "bare" };

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Painel administrativo | ${appName}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const admin = sessionUser(context);
  const query = parseAdminQuery(url.searchParams);
  const page = await loadAdminPage(query, url.searchParams.get("erro"));
  let notice: { message: string; tone: "success" | "error" } | null = null;
  if (page.error) notice = { message: page.error, tone: "error" };
  else if (
    query.result === "senha-enviada" &&
    (page.data?.section === "voluntario" || page.data?.section === "instituicao")
  ) {
    const email = page.data.record.email;
    notice = {
      message: `E-mail de redefinição de senha enviado com sucesso para ${email}`,
      tone: "success",
    };
  }
  return { admin: { name: admin.name, email: admin.email }, query, data: page.data, notice };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const admin = sessionUser(context);
  const outcome = await runAdminAction(await readFormData(request), admin.id);
  if (outcome instanceof Response) {
    // The confirmation posts to the page's own address: back to the events list as it was.
    const location = outcome.headers.get("Location");
    if (!location) return outcome;
    const headers = new Headers(outcome.headers);
    headers.set("Location", keepEventListState(location, parseAdminQuery(url.searchParams)));
    return new Response(null, { status: outcome.status, headers });
  }
  return data(outcome, { status: 400 });
}

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { admin, query, notice } = loaderData;
  const { appName } = usePublicConfig();
  return (
    <ToastProvider position="top-center">
      <AdminShell appName={appName} admin={admin} active={PARENT[query.section]}>
        <AdminSectionView
          query={query}
          data={loaderData.data}
          notice={notice}
          actionError={actionData?.error ?? null}
          reasonRetry={
            actionData?.retry ? { message: actionData.error, ...actionData.retry } : null
          }
        />
      </AdminShell>
    </ToastProvider>
  );
}
