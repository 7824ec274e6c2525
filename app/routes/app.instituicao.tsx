import { data } from "react-router";
import { decideApplication } from "~/applications/application-decisions.server";
import { listReceivedApplications } from "~/applications/application-lists.server";
import { emailAwaitsConfirmation } from "~/auth/email-confirmation.server";
import { usePublicConfig } from "~/components/layout/use-public-config";
import { BrowseLinks } from "~/components/members/browse-links";
import { CancelEventDialog } from "~/components/members/cancel-event-dialog";
import { EmailConfirmationNotice } from "~/components/members/email-confirmation-notice";
import { EmailPreferencesCard } from "~/components/members/email-preferences-card";
import { InstitutionEvents } from "~/components/members/institution-events";
import { LogoutCard } from "~/components/members/logout-card";
import { MyDataCard } from "~/components/members/my-data-card";
import { ReceivedApplications } from "~/components/members/received-applications";
import { ProposedNameNote, RejectionReason } from "~/components/members/review-notes";
import { ActionCard } from "~/components/ui/action-card";
import { ErrorMessage } from "~/components/ui/error-message";
import {
  CalendarIcon,
  CheckCircleIcon,
  EyeIcon,
  HandshakeIcon,
  KeyIcon,
  MailIcon,
  PencilIcon,
  PhoneIcon,
  ShieldCheckIcon,
  UsersIcon,
} from "~/components/ui/icons";
import { ProfileCard } from "~/components/ui/profile-card";
import { SectionHeading } from "~/components/ui/section-heading";
import { REVIEW_DAYS } from "~/config/constants";
import { EVENT_MESSAGES } from "~/events/event-form-schema";
import {
  cancelEvent,
  findInstitutionEvent,
  listInstitutionEvents,
  NOT_APPROVED,
} from "~/events/institution-events.server";
import { INSTITUTION_MESSAGES } from "~/institutions/institution-messages";
import {
  findInstitutionCard,
  findInstitutionReviewState,
  type InstitutionReviewState,
} from "~/institutions/institution-profile.server";
import { log } from "~/lib/log.server";
import { type SupportReason, whatsappLink } from "~/lib/support-link";
import { canRunEvent } from "~/teams/event-access.server";
import {
  type ActingMember,
  MEMBER_ROLE_LABELS,
  type MemberRole,
  TEAM_MESSAGES,
} from "~/teams/team-roles";
import { refusalOf } from "~/web/app-error.server";
import { redirectWithFlash } from "~/web/flash.server";
import { actingMember } from "~/web/institution-guard.server";
import { readFormData } from "~/web/read-form-data.server";
import type { Route } from "./+types/app.instituicao";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Área da instituição | ${appName}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const member = actingMember(context);
  const [card, review, awaitsConfirmation] = await Promise.all([
    findInstitutionCard(member.institutionId),
    findInstitutionReviewState(member.institutionId),
    emailAwaitsConfirmation(member.userId),
  ]);
  const profile = { ...card, institutionStatus: member.institutionStatus };
  const you = youOf(member);
  if (member.institutionStatus !== "APPROVED") {
    return {
      profile,
      you,
      review,
      awaitsConfirmation,
      applications: [],
      events: [],
      cancelTarget: null,
    };
  }
  const cancelId = url.searchParams.get("cancelar");
  const [applications, events, cancelEvent] = await Promise.all([
    // Applications are to the institution, not to an event: not for a coordinator of some events.
    member.limited ? [] : listReceivedApplications(member.institutionId),
    listInstitutionEvents(member.institutionId, member),
    cancelId && (await canRunEvent(member, cancelId))
      ? findInstitutionEvent(member.institutionId, cancelId)
      : null,
  ]);
  const cancelTarget =
    cancelEvent && cancelEvent.status !== "DELETED"
      ? { id: cancelEvent.id, name: cancelEvent.values.name ?? "" }
      : null;
  return { profile, you, review, awaitsConfirmation, applications, events, cancelTarget };
}

/** Who is acting, as the area's card names them; nothing for the institution's own account. */
function youOf(member: ActingMember) {
  return {
    ownAccount: member.userId === member.institutionId,
    name: member.personName,
    role: member.role,
    limited: member.limited,
  };
}

const DONE: Record<string, string> = {
  accept: "Candidatura aceita. A pessoa vai receber um e-mail com a resposta.",
  decline: "Candidatura recusada. A pessoa vai receber um e-mail com a resposta.",
  "cancel-event": EVENT_MESSAGES.cancelled,
};

const refuse = (message: string, status: number) =>
  data({ error: { field: "form", message } }, { status });

/**
 * Answers an application (intent accept/decline) or cancels an event (intent cancel-event), by
 * id. The institution's id goes into every query, so another institution's ids are refused
 * without touching anything; repeating an answer is harmless.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const member = actingMember(context);
  if (member.institutionStatus !== "APPROVED") return refuse(NOT_APPROVED, 403);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const id = String(formData.get("id") ?? "");
  try {
    if (intent === "accept" || intent === "decline") {
      if (member.limited) return refuse(TEAM_MESSAGES.eventNotAssigned, 403);
      await decideApplication({
        institutionId: member.institutionId,
        actorId: member.userId,
        requestId: id,
        decision: intent === "accept" ? "ACCEPTED" : "DECLINED",
      });
    } else if (intent === "cancel-event") {
      if (!(await canRunEvent(member, id))) return refuse(TEAM_MESSAGES.eventNotAssigned, 403);
      await cancelEvent(member.institutionId, id, member.userId);
    } else {
      return refuse("Ação desconhecida.", 400);
    }
  } catch (error) {
    const refused = refusalOf(error);
    if (refused) return data({ error: refused.error }, { status: refused.status });
    log.error({ err: error, intent }, "institution action failed");
    return refuse(EVENT_MESSAGES.failed, 500);
  }
  throw redirectWithFlash("/app/instituicao", DONE[intent] ?? "", "success");
}

export default function InstitutionHome({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, you, review, awaitsConfirmation, applications, events, cancelTarget } =
    loaderData;
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <SectionHeading as="h1" label="Área da instituição" title={profile.name} />
      <ProfileCard
        className="mt-6"
        name={profile.name}
        subtitle={profile.email}
        photoUrl={profile.photoUrl}
      />
      {you.ownAccount ? null : <ActingAs you={you} />}
      {awaitsConfirmation ? <EmailConfirmationNotice email={profile.email} /> : null}
      <ErrorMessage
        message={actionData?.error.message}
        className="mt-6 rounded-xl border border-danger-200 bg-danger-50 p-4"
      />
      {profile.institutionStatus === "APPROVED" ? (
        <>
          {review.proposedName ? (
            <ProposedNameNote name={review.proposedName} className="mt-6" />
          ) : null}
          <nav aria-label="Gerenciar instituição" className="mt-6 flex flex-col gap-3">
            {you.role === "RESPONSAVEL" ? (
              <ActionCard
                to="/app/atualizar-instituicao"
                icon={<PencilIcon />}
                title="Editar perfil"
                description="Nome, contato, endereço, fotos e textos"
              />
            ) : null}
            {review.proposedName ? <PreviewCard /> : null}
            <ActionCard
              to="/app/instituicao/equipe"
              icon={<UsersIcon />}
              title="Equipe"
              description={
                you.role === "RESPONSAVEL"
                  ? "Quem cuida da instituição com você: convide e gerencie"
                  : "Quem cuida da instituição com você"
              }
            />
            <ActionCard to="/app/atualizar-senha" icon={<KeyIcon />} title="Alterar senha" />
            <ActionCard
              to="/app/instituicao/termos"
              icon={<HandshakeIcon />}
              title="Termos de adesão"
              description="Quem já aceitou e quem ainda não, com o PDF de cada um"
            />
            <ActionCard
              to="/app/novo-evento"
              icon={<CalendarIcon />}
              title="Criar evento"
              description="Divulgue um evento beneficente"
            />
            <ActionCard
              to="/app/instituicao/horas"
              icon={<CheckCircleIcon />}
              title="Horas dos voluntários"
              description="Aprove horas registradas e confirme meses de voluntariado"
            />
            <ActionCard
              to="/app/instituicao/certificados"
              icon={<ShieldCheckIcon />}
              title="Certificados"
              description="Emitidos em nome da instituição: emitir e revogar"
            />
            <EmailPreferencesCard />
            <MyDataCard />
            <LogoutCard />
          </nav>
          <ReceivedApplications applications={applications} />
          <InstitutionEvents events={events} />
          <HelpLine name={profile.name} />
          {cancelTarget ? <CancelEventDialog key={cancelTarget.id} event={cancelTarget} /> : null}
        </>
      ) : (
        <ReviewNotice
          name={profile.name}
          rejected={profile.institutionStatus === "REJECTED"}
          review={review}
        />
      )}
      <BrowseLinks className="mt-10" />
    </section>
  );
}

/** Approved institutions reach support too, with the generic prefilled message. */
function HelpLine({ name }: { name: string }) {
  const { contactEmail, supportWhatsapp } = usePublicConfig();
  const chat = whatsappLink(supportWhatsapp, "generic", name);
  const link =
    "font-semibold whitespace-nowrap text-brand-800 underline underline-offset-4 hover:text-brand-900 focus-ring";
  return (
    <p className="mt-10 rounded-2xl bg-brand-50 p-4 text-center text-sm text-ink-muted">
      Precisa de ajuda? Fale com o suporte{" "}
      {chat ? (
        <>
          <a href={chat} className={link}>
            pelo WhatsApp
          </a>{" "}
          ou{" "}
        </>
      ) : null}
      <a href={`mailto:${contactEmail}`} className={link}>
        por e-mail
      </a>
      .
    </p>
  );
}

/** "Ver prévia da página": the public page as it will look, before approval. */
/** A team member's own line: who they are here and what they may do. */
function ActingAs({ you }: { you: { name: string; role: MemberRole; limited: boolean } }) {
  const scope = you.limited ? ", apenas nos eventos que você coordena" : "";
  return (
    <p className="mt-4 rounded-xl border border-line bg-brand-50 px-4 py-3 text-sm text-ink">
      Você, <span className="font-semibold break-words">{you.name}</span>, atua aqui como{" "}
      <span className="font-semibold">{MEMBER_ROLE_LABELS[you.role].toLowerCase()}</span>
      {scope}.
    </p>
  );
}

function PreviewCard() {
  return (
    <ActionCard
      to="/app/instituicao/previa"
      icon={<EyeIcon />}
      title="Ver prévia da página"
      description="Como a instituição vai aparecer para os voluntários"
    />
  );
}

/** What a record waiting for review (or refused) may do: see why, correct it, preview it. */
function ReviewNotice({
  name,
  rejected,
  review,
}: {
  name: string;
  rejected: boolean;
  review: InstitutionReviewState;
}) {
  const { contactEmail, supportWhatsapp } = usePublicConfig();
  const reason: SupportReason = rejected ? "rejected" : "pending";
  const chat = whatsappLink(supportWhatsapp, reason, name);
  return (
    <div className="mt-6 flex flex-col gap-3">
      <div
        className={
          rejected
            ? "rounded-2xl border border-danger-200 bg-danger-50 p-5"
            : "rounded-2xl border border-brand-200 bg-brand-50 p-5"
        }
      >
        <h2 className="text-lg font-bold text-ink">
          {rejected
            ? "Cadastro não aprovado"
            : review.resubmitted
              ? INSTITUTION_MESSAGES.resubmittedNotice
              : "Cadastro em análise"}
        </h2>
        {rejected ? <RejectionReason reason={review.reviewReason} /> : null}
        <p className="mt-2 text-ink-muted">
          {rejected
            ? "Infelizmente o cadastro da instituição não foi aprovado. Corrija os dados e reenvie o cadastro, ou fale com o nosso suporte se tiver dúvidas."
            : `Nossa equipe analisa cada cadastro em até ${REVIEW_DAYS} dias úteis. Você vai receber um e-mail de aprovação assim que a análise terminar.`}
        </p>
      </div>
      <ActionCard
        to="/app/atualizar-instituicao"
        icon={<PencilIcon />}
        title={rejected ? "Corrigir e reenviar cadastro" : "Editar cadastro"}
        description={
          rejected
            ? "Ao salvar, o cadastro volta para a análise da nossa equipe"
            : "Nome, contato, endereço, fotos e textos"
        }
      />
      <PreviewCard />
      {chat ? (
        <ActionCard
          to={chat}
          icon={<PhoneIcon />}
          title="Falar com o suporte pelo WhatsApp"
          description="Abre uma conversa com uma mensagem pronta"
        />
      ) : null}
      <ActionCard
        to={`mailto:${contactEmail}`}
        icon={<MailIcon />}
        title="Falar com o suporte por e-mail"
        description={contactEmail}
      />
      <ActionCard to="/app/atualizar-senha" icon={<KeyIcon />} title="Alterar senha" />
      <MyDataCard />
      <LogoutCard />
    </div>
  );
}
