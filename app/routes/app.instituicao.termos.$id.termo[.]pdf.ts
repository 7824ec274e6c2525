import { data } from "react-router";
import { keptAgreementPdf } from "~/agreements/agreement-pdf-store.server";
import { findAgreement } from "~/agreements/agreements.server";
import { actingMember } from "~/web/institution-guard.server";
import { pdfDownload } from "~/web/pdf-download.server";
import type { Route } from "./+types/app.instituicao.termos.$id.termo[.]pdf";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

/** The institution's copy of a termo it issued as PDF; another institution's id is 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const agreement = await findAgreement(params.id, {
    institutionId: actingMember(context).institutionId,
  });
  if (!agreement) throw data(null, { status: 404 });
  return pdfDownload(`termo-de-adesao-${agreement.id.slice(0, 8)}.pdf`, () =>
    keptAgreementPdf(agreement),
  );
}
