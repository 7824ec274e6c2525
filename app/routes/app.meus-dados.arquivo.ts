import { exportPersonalData, recordDataExport } from "~/account/personal-data.server";
import { env } from "~/config/env.server";
import { sessionUser } from "~/web/guards.server";
import type { Route } from "./+types/app.meus-dados.arquivo";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

/**
 * "Baixar meus dados": the signed-in person's data as a JSON attachment. Only ever their own id;
 * never cached, since it holds personal data.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = sessionUser(context);
  const personalData = await exportPersonalData(user.id);
  if (!personalData) throw new Response(null, { status: 404 });
  await recordDataExport(user.id);
  const document = {
    about: `Dados pessoais guardados pela plataforma ${env().APP_NAME} (LGPD, art. 18).`,
    exportedAt: new Date().toISOString(),
    ...personalData,
  };
  return new Response(`${JSON.stringify(document, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="meus-dados.json"',
      "Cache-Control": "no-store",
    },
  });
}
