import { requireUser, sessionUser } from "~/auth/guards.server";
import { profileSummary } from "~/auth/profile-summary.server";
import { LogoutCard } from "~/components/account/logout-card";
import { ActionCard } from "~/components/ui/action-card";
import { CalendarIcon, KeyIcon, MailIcon, PencilIcon, PhoneIcon } from "~/components/ui/icons";
import { ProfileCard } from "~/components/ui/profile-card";
import { SectionHeading } from "~/components/ui/section-heading";
import { REVIEW_DAYS } from "~/config/constants";
import { type SupportReason, whatsappLink } from "~/lib/support-link";
import { usePublicConfig } from "~/lib/use-public-config";
import type { Route } from "./+types/app.instituicao";

export const middleware: Route.MiddlewareFunction[] = [requireUser("INSTITUTION")];

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Área da instituição | ${appName}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { profile: await profileSummary(sessionUser(context)) };
}

export default function InstitutionHome({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <SectionHeading as="h1" label="Área da instituição" title={profile.name} />
      <ProfileCard
        className="mt-6"
        name={profile.name}
        subtitle={profile.email}
        photoUrl={profile.photoUrl}
      />
      {profile.institutionStatus === "APPROVED" ? (
        <nav aria-label="Gerenciar instituição" className="mt-6 flex flex-col gap-3">
          <ActionCard
            to="/app/atualizar-instituicao"
            icon={<PencilIcon />}
            title="Editar perfil"
            description="Fotos, resumo, sobre e contato"
          />
          <ActionCard to="/app/atualizar-senha" icon={<KeyIcon />} title="Alterar senha" />
          <ActionCard
            to="/app/novo-evento"
            icon={<CalendarIcon />}
            title="Criar evento"
            description="Divulgue um evento beneficente"
          />
          <LogoutCard />
        </nav>
      ) : (
        <ReviewNotice name={profile.name} rejected={profile.institutionStatus === "REJECTED"} />
      )}
    </section>
  );
}

function ReviewNotice({ name, rejected }: { name: string; rejected: boolean }) {
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
          {rejected ? "Cadastro não aprovado" : "Cadastro em análise"}
        </h2>
        <p className="mt-2 text-ink-muted">
          {rejected
            ? "Infelizmente o cadastro da instituição não foi aprovado. Fale com o nosso suporte para entender o motivo e como corrigir."
            : `Nossa equipe analisa cada cadastro em até ${REVIEW_DAYS} dias úteis. Você vai receber um e-mail de aprovação assim que a análise terminar.`}
        </p>
      </div>
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
      <LogoutCard />
    </div>
  );
}
