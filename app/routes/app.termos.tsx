import { agreementPath, agreementPdfPath, issuedOn } from "~/agreements/agreement-view";
import { listVolunteerAgreements } from "~/agreements/agreements.server";
import { AgreementList } from "~/components/members/agreement-list";
import { BackButton } from "~/components/ui/back-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { sessionUser } from "~/web/guards.server";
import type { Route } from "./+types/app.termos";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Meus termos de adesão | ${appName}` }, { name: "robots", content: "noindex" }];
}

/** The person's termos de adesão (issue 16): one per accepted application or confirmed place. */
export async function loader({ context }: Route.LoaderArgs) {
  const rows = await listVolunteerAgreements(sessionUser(context).id);
  return {
    items: rows.map((row) => ({
      id: row.id,
      activity: row.activity,
      party: row.institutionName,
      issuedOn: issuedOn(row.createdAt),
      status: row.status,
      href: agreementPath(row.id),
      pdfHref: agreementPdfPath(row.id),
    })),
  };
}

export default function MyAgreements({ loaderData }: Route.ComponentProps) {
  const pending = loaderData.items.filter((item) => item.status === "PENDING").length;
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <BackButton to="/app/voluntario" />
      <SectionHeading
        as="h1"
        label="Lei nº 9.608/1998"
        title="Meus termos de adesão"
        className="mt-4"
        description="Quando uma instituição aceita sua candidatura ou confirma sua vaga em um evento, ela emite um termo de adesão ao serviço voluntário. Leia e aceite cada um."
      />
      {pending > 0 ? (
        <p className="mt-6 rounded-2xl border border-accent-300 bg-accent-50 p-4 font-semibold text-accent-700">
          {pending === 1
            ? "1 termo espera o seu aceite."
            : `${pending} termos esperam o seu aceite.`}
        </p>
      ) : null}
      <div className="mt-6">
        <AgreementList
          items={loaderData.items}
          emptyMessage="Você ainda não tem termos de adesão. Eles aparecem aqui quando uma instituição aceita sua candidatura ou confirma sua vaga em um evento."
        />
      </div>
    </section>
  );
}
