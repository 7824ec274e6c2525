import { institutionAgreementPdfPath, issuedOn } from "~/agreements/agreement-view";
import { listInstitutionAgreements } from "~/agreements/agreements.server";
import { AgreementList } from "~/components/members/agreement-list";
import { BackButton } from "~/components/ui/back-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { actingMember } from "~/web/institution-guard.server";
import type { Route } from "./+types/app.instituicao.termos";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Termos de adesão | ${appName}` }, { name: "robots", content: "noindex" }];
}

/**
 * The termos the institution issued (issue 16): who has not accepted yet first, each with its
 * PDF. The institution reads a termo through its PDF; accepting is the volunteer's alone.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const member = actingMember(context);
  const rows = await listInstitutionAgreements(member.institutionId, member);
  const order = { PENDING: 0, AWAITING_GUARDIAN: 1, ACCEPTED: 2 } as const;
  const items = rows
    .map((row) => ({
      id: row.id,
      activity: row.activity,
      party: row.volunteerName,
      issuedOn: issuedOn(row.createdAt),
      status: row.status,
      href: institutionAgreementPdfPath(row.id),
      pdfHref: institutionAgreementPdfPath(row.id),
    }))
    .sort((a, b) => order[a.status] - order[b.status]);
  return { items };
}

export default function InstitutionAgreements({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  const waiting = items.filter((item) => item.status !== "ACCEPTED").length;
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <BackButton to="/app/instituicao" />
      <SectionHeading
        as="h1"
        label="Lei nº 9.608/1998"
        title="Termos de adesão"
        className="mt-4"
        description="Emitidos ao aceitar uma candidatura ou confirmar uma vaga em evento. Cada voluntário lê e aceita o seu na plataforma; menores de 18 anos dependem também do consentimento do responsável."
      />
      <p className="mt-6 rounded-2xl border border-line bg-white p-4 font-semibold text-ink shadow-card">
        {items.length === 0
          ? "Nenhum termo emitido ainda."
          : waiting === 0
            ? "Todos os termos foram aceitos."
            : waiting === 1
              ? "1 termo ainda não foi aceito."
              : `${waiting} termos ainda não foram aceitos.`}
      </p>
      <div className="mt-6">
        <AgreementList
          items={items}
          emptyMessage="Os termos aparecem aqui quando você aceita uma candidatura ou um voluntário confirma a vaga em um evento."
        />
      </div>
    </section>
  );
}
