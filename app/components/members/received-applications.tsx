import { Form, useNavigation } from "react-router";
import type { ReceivedApplication } from "~/applications/application-lists.server";
import { CheckIcon, CloseIcon, MailIcon, PhoneIcon } from "~/components/ui/icons";
import { PrimaryButton } from "~/components/ui/primary-button";
import { displayPhone } from "~/forms/masks";
import { EmptyList, MemberSection } from "./member-section";
import { StatusBadge } from "./status-badge";

/**
 * "Candidaturas recebidas": who applied, how to reach them (not once declined: ADR 0072), what
 * they wrote and when. Pending
 * ones carry "Aceitar" and "Recusar", each a small form posting its intent and the id.
 */
export function ReceivedApplications({ applications }: { applications: ReceivedApplication[] }) {
  const pending = applications.filter((application) => application.status === "PENDING").length;
  return (
    <MemberSection title="Candidaturas recebidas" count={applications.length}>
      {pending > 0 ? (
        <p className="-mt-2 mb-4 text-sm text-ink-muted">
          {pending === 1 ? "1 candidatura aguarda" : `${pending} candidaturas aguardam`} a sua
          resposta. A pessoa recebe um e-mail com a decisão.
        </p>
      ) : null}
      {applications.length === 0 ? (
        <EmptyList message="Nenhuma candidatura recebida ainda. Quando alguém se candidatar, ela aparece aqui e chega no e-mail de contato da instituição." />
      ) : (
        <ul className="flex flex-col gap-3">
          {applications.map((application) => (
            <ApplicationCard key={application.id} application={application} />
          ))}
        </ul>
      )}
    </MemberSection>
  );
}

const ANSWERS = [
  {
    intent: "accept",
    label: "Aceitar",
    variant: "primary",
    icon: <CheckIcon className="size-4" />,
  },
  {
    intent: "decline",
    label: "Recusar",
    variant: "secondary",
    icon: <CloseIcon className="size-4" />,
  },
] as const;

function ApplicationCard({ application }: { application: ReceivedApplication }) {
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("id") === application.id
      ? navigation.formData.get("intent")
      : null;
  const contactLink =
    "inline-flex min-h-11 items-center gap-2 text-sm font-medium text-brand-800 underline decoration-brand-300 underline-offset-4 [overflow-wrap:anywhere] hover:text-brand-900 focus-ring [&>svg]:size-4 [&>svg]:shrink-0";
  return (
    <li className="rounded-2xl border border-line bg-white p-4 shadow-card sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-ink [overflow-wrap:anywhere]">
            {application.volunteerName}
          </h3>
          <p className="text-sm text-ink-muted">Recebida em {application.date}</p>
        </div>
        <StatusBadge kind="application" status={application.status} />
      </div>
      <div className="mt-2 flex flex-col">
        {application.replyEmail ? (
          <a href={`mailto:${application.replyEmail}`} className={contactLink}>
            <MailIcon />
            {application.replyEmail}
          </a>
        ) : (
          <p className="py-1 text-sm text-ink-muted">
            Candidatura recusada: os contatos não ficam mais disponíveis.
          </p>
        )}
        {application.phone ? (
          <a href={`tel:+${application.phone}`} className={contactLink}>
            <PhoneIcon />
            {displayPhone(application.phone)}
          </a>
        ) : null}
      </div>
      <blockquote className="mt-2 rounded-xl bg-surface p-3 text-sm leading-relaxed whitespace-pre-line text-ink [overflow-wrap:anywhere]">
        {application.message}
      </blockquote>
      {application.decided ? (
        <p className="mt-2 text-sm text-ink-muted">
          {application.status === "ACCEPTED" ? "Aceita" : "Recusada"}
          {application.decided.by ? ` por ${application.decided.by}` : ""} em{" "}
          {application.decided.on}
        </p>
      ) : null}
      {application.status === "PENDING" ? (
        <Form method="post" action="/app/instituicao" preventScrollReset className="mt-4">
          <input type="hidden" name="id" value={application.id} />
          {/* Two short words: side by side even on a phone. */}
          <div className="grid grid-cols-2 gap-3">
            {ANSWERS.map((answer) => (
              <PrimaryButton
                key={answer.intent}
                fullWidth
                size="sm"
                variant={answer.variant}
                name="intent"
                value={answer.intent}
                icon={answer.icon}
                loading={submitting === answer.intent}
                aria-label={`${answer.label} a candidatura de ${application.volunteerName}`}
              >
                {answer.label}
              </PrimaryButton>
            ))}
          </div>
        </Form>
      ) : null}
    </li>
  );
}
