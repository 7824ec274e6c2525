import {
  type AdminQuery,
  adminHref,
  type Confirmation,
  type InstitutionTab,
  type Section,
} from "~/admin/admin-url";
import type { InstitutionDetails, VolunteerDetails } from "~/admin/people.server";
import { BRAZIL_TIME_ZONE } from "~/config/constants";
import { displayPhone, formatCnpj } from "~/forms/masks";
import { EmailText } from "../ui/email-text";
import { AddressFields, ConfirmLink, DetailsFrame, Fields } from "./detail-parts";

/** The three read-only detail sections of docs/spec.md 2, with their buttons. */

export function VolunteerDetailsSection({ record }: { record: VolunteerDetails }) {
  return (
    <DetailsFrame
      title="Visualizar voluntário"
      back={adminHref({ section: "voluntarios" })}
      actions={
        <ConfirmLink
          href={confirmOn("voluntario", record.id)}
          confirm="resetar"
          label="Resetar senha"
        />
      }
    >
      <Fields
        spanLongTexts
        items={[
          ["Nome", record.name],
          ["E-mail", <EmailText key="email" email={record.email} />],
          ["Telefone", record.phone ? displayPhone(record.phone) : "—"],
          ["Estado", record.state],
          ["Cidade", record.city],
        ]}
      />
    </DetailsFrame>
  );
}

const VOLUNTEERING_LABELS: Record<string, string> = {
  PRESENCIAL: "Presencial",
  ONLINE: "Online",
  ALL: "Ambos",
};

export function InstitutionDetailsSection({
  record,
  query,
}: {
  record: InstitutionDetails;
  query: AdminQuery;
}) {
  const pending = record.status === "PENDING";
  return (
    <DetailsFrame
      title={pending ? "Cadastro pendente" : "Visualizar instituição"}
      back={adminHref({ section: "instituicoes", tab: query.tab })}
      actions={
        pending ? (
          <ReviewLinks href={confirmOn("instituicao", record.id, query.tab)} />
        ) : (
          <>
            <ConfirmLink
              href={confirmOn("instituicao", record.id, query.tab)}
              confirm="reabrir"
              label="Reabrir análise"
            />
            <ConfirmLink
              href={confirmOn("instituicao", record.id)}
              confirm="resetar"
              label="Resetar senha"
            />
          </>
        )
      }
    >
      <InstitutionPictures record={record} />
      <ReviewState record={record} />
      <Fields
        spanLongTexts
        items={[
          ["Nome da instituição", record.name],
          ["E-mail", <EmailText key="email" email={record.email} />],
          ["CNPJ", formatCnpj(record.cnpj)],
          ["Telefone", record.phone ? displayPhone(record.phone) : "—"],
          ["Responsável", record.responsible],
          ["Resumo", record.summary],
          ["Sobre", record.about],
          [
            "Tipo de voluntariado",
            VOLUNTEERING_LABELS[record.volunteeringType] ?? record.volunteeringType,
          ],
          [
            "E-mail de contato para candidatos",
            <EmailText key="contact" email={record.contactEmail} />,
          ],
          ["Permite divulgação nas redes sociais", record.permitDivulgation ? "Sim" : "Não"],
          ["Cadastrada em", dateTime(record.createdAt)],
        ]}
      />
      <AddressFields address={record} spanLongTexts />
    </DetailsFrame>
  );
}

const STATUS_LABELS: Record<string, string> = {
  PENDING: "Pendente",
  APPROVED: "Aprovada",
  REJECTED: "Reprovada",
};

const WHEN = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: BRAZIL_TIME_ZONE,
});

const dateTime = (iso: string) => WHEN.format(new Date(iso));

/** The logo and cover the public page will show: the admin judges them too. */
function InstitutionPictures({ record }: { record: InstitutionDetails }) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start">
      <figure className="shrink-0">
        {record.profileImageUrl ? (
          <img
            src={record.profileImageUrl}
            alt={`Logo de ${record.name}`}
            width={112}
            height={112}
            className="size-28 rounded-full border border-line object-cover"
          />
        ) : (
          <NoPicture className="size-28 rounded-full" text="Sem logo" />
        )}
        <figcaption className="mt-1 text-center text-sm text-ink-muted">Logo</figcaption>
      </figure>
      <figure className="min-w-0 flex-1">
        {record.coverImageUrl ? (
          <img
            src={record.coverImageUrl}
            alt={`Capa de ${record.name}`}
            width={1200}
            height={630}
            className="aspect-[40/21] h-auto w-full max-w-full rounded-xl border border-line object-cover"
          />
        ) : (
          <NoPicture className="aspect-[40/21] w-full rounded-xl" text="Sem foto de capa" />
        )}
        <figcaption className="mt-1 text-sm text-ink-muted">Foto de capa</figcaption>
      </figure>
    </div>
  );
}

function NoPicture({ className, text }: { className: string; text: string }) {
  return (
    <div
      className={`flex items-center justify-center border border-dashed border-line bg-surface p-2 text-center text-sm text-ink-muted ${className}`}
    >
      {text}
    </div>
  );
}

/**
 * Where the record stands: its status, the last rejection's reason, what a resubmission changed
 * and a new name waiting for approval.
 */
function ReviewState({ record }: { record: InstitutionDetails }) {
  const changes = record.resubmissionChanges ?? [];
  return (
    <div className="mb-6 flex flex-col gap-4">
      <p className="flex flex-wrap items-center gap-2 text-ink">
        <span className="font-semibold">Situação:</span>
        <span className="rounded-full bg-surface px-3 py-1 text-sm font-bold ring-1 ring-line">
          {STATUS_LABELS[record.status] ?? record.status}
        </span>
        {record.resubmittedAt ? (
          <span className="rounded-full bg-accent-50 px-3 py-1 text-sm font-bold text-accent-700 ring-1 ring-accent-300">
            Reenviado em {dateTime(record.resubmittedAt)}
          </span>
        ) : null}
        {record.reviewedAt ? (
          <span className="text-sm text-ink-muted">
            Última decisão em {dateTime(record.reviewedAt)}
          </span>
        ) : null}
      </p>
      {record.reviewReason && record.status !== "APPROVED" ? (
        <div className="rounded-xl border border-danger-200 bg-danger-50 p-4">
          <h2 className="font-bold text-danger-800">
            {record.resubmittedAt ? "Motivo da reprovação anterior" : "Motivo da reprovação"}
          </h2>
          <p className="mt-1 [overflow-wrap:anywhere] whitespace-pre-line text-ink">
            {record.reviewReason}
          </p>
        </div>
      ) : null}
      {record.resubmittedAt ? (
        <section
          aria-labelledby="titulo-mudancas"
          className="rounded-xl border border-accent-300 bg-accent-50 p-4"
        >
          <h2 id="titulo-mudancas" className="font-bold text-ink">
            O que a instituição mudou
          </h2>
          {changes.length === 0 ? (
            <p className="mt-1 text-ink-muted">Reenviado sem alterações nos dados.</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-3">
              {changes.map((change) => (
                <li key={change.field} className="[overflow-wrap:anywhere]">
                  <span className="font-semibold text-ink">{change.field}</span>
                  <span className="mt-1 block text-sm text-ink-muted">
                    Antes: <del>{change.before || "—"}</del>
                  </span>
                  <span className="block text-sm text-ink">
                    Agora: <ins className="no-underline">{change.after || "—"}</ins>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {record.proposedName ? (
        <div className="rounded-xl border border-accent-300 bg-accent-50 p-4">
          <h2 className="font-bold text-ink">Novo nome em análise</h2>
          <p className="mt-1 [overflow-wrap:anywhere] text-ink">
            A instituição pediu para se chamar <strong>{record.proposedName}</strong>. O site
            continua mostrando {record.name} até a aprovação.
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <ConfirmLink
              href={confirmOn("instituicao", record.id)}
              confirm="aprovar-nome"
              label="Aprovar novo nome"
            />
            <ConfirmLink
              href={confirmOn("instituicao", record.id)}
              confirm="recusar-nome"
              label="Recusar novo nome"
              danger
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The confirmation links of a record: `tab` keeps the institutions list's tab in the address. */
const confirmOn = (section: Section, id: string, tab?: InstitutionTab) => (confirm: Confirmation) =>
  adminHref({ section, id, confirm, tab });

function ReviewLinks({ href }: { href: (confirm: Confirmation) => string }) {
  return (
    <>
      <ConfirmLink href={href} confirm="aprovar" label="Aprovar" />
      <ConfirmLink href={href} confirm="reprovar" label="Reprovar" danger />
    </>
  );
}
