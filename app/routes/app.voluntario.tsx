import { listSentApplications } from "~/applications/application-lists.server";
import { emailAwaitsConfirmation } from "~/auth/email-confirmation.server";
import { profileSummary } from "~/auth/profile-summary.server";
import { BrowseLinks } from "~/components/members/browse-links";
import { EmailConfirmationNotice } from "~/components/members/email-confirmation-notice";
import { EmailPreferencesCard } from "~/components/members/email-preferences-card";
import { ForYouSection } from "~/components/members/for-you";
import { LogoutCard } from "~/components/members/logout-card";
import { MemberSection } from "~/components/members/member-section";
import { MyDataCard } from "~/components/members/my-data-card";
import { MyParticipations } from "~/components/members/my-participations";
import { SentApplications } from "~/components/members/sent-applications";
import { ActionCard } from "~/components/ui/action-card";
import {
  CheckCircleIcon,
  HandshakeIcon,
  KeyIcon,
  PencilIcon,
  ShieldCheckIcon,
} from "~/components/ui/icons";
import { ProfileCard } from "~/components/ui/profile-card";
import { SectionHeading } from "~/components/ui/section-heading";
import { formatMinutes } from "~/hours/hours-format";
import { confirmedMinutesOf } from "~/hours/journey.server";
import { listMyParticipations } from "~/participation/my-participations.server";
import { forYou } from "~/volunteers/for-you.server";
import { sessionUser } from "~/web/guards.server";
import type { Route } from "./+types/app.voluntario";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Minha área | ${appName}` }, { name: "robots", content: "noindex" }];
}

/** `?passadas=todas` lists every past participation (up to a limit) instead of the latest. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = sessionUser(context);
  const allPast = url.searchParams.get("passadas") === "todas";
  const [profile, picks, participations, applications, confirmedMinutes, awaitsConfirmation] =
    await Promise.all([
      profileSummary(user),
      forYou(user.id),
      listMyParticipations(user.id, { allPast }),
      listSentApplications(user.id),
      confirmedMinutesOf(user.id),
      emailAwaitsConfirmation(user.id),
    ]);
  return {
    profile,
    forYou: picks,
    participations,
    applications,
    allPast,
    confirmedMinutes,
    awaitsConfirmation,
  };
}

export default function VolunteerHome({ loaderData }: Route.ComponentProps) {
  const {
    profile,
    forYou: picks,
    participations,
    applications,
    allPast,
    confirmedMinutes,
    awaitsConfirmation,
  } = loaderData;
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <SectionHeading
        as="h1"
        label="Área do voluntário"
        title={`Olá, ${profile.name.split(" ")[0]}!`}
      />
      <ProfileCard
        className="mt-6"
        name={profile.name}
        subtitle={profile.email}
        photoUrl={profile.photoUrl}
      />
      {awaitsConfirmation ? <EmailConfirmationNotice email={profile.email} /> : null}
      <BrowseLinks className="mt-6" />
      {/* Issue 16: the confirmed hours, and the way to the whole journey. */}
      <ActionCard
        className="mt-4"
        to="/app/jornada"
        icon={<CheckCircleIcon />}
        title="Minha jornada"
        description={`${formatMinutes(confirmedMinutes)} de voluntariado confirmadas`}
      />
      <ForYouSection forYou={picks} />
      <MyParticipations lists={participations} allPast={allPast} />
      <SentApplications applications={applications} />
      <MemberSection title="Minha conta">
        <nav aria-label="Minha conta" className="flex flex-col gap-3">
          <ActionCard
            to="/app/atualizar-voluntario"
            icon={<PencilIcon />}
            title="Editar perfil"
            description="Nome, cidade, foto, resumo, causas e habilidades"
          />
          <ActionCard
            to="/app/termos"
            icon={<HandshakeIcon />}
            title="Meus termos de adesão"
            description="Leia, aceite e baixe em PDF"
          />
          <ActionCard
            to="/app/certificados"
            icon={<ShieldCheckIcon />}
            title="Meus certificados"
            description="Certificados das horas confirmadas, com código de verificação"
          />
          <ActionCard to="/app/atualizar-senha" icon={<KeyIcon />} title="Alterar senha" />
          <EmailPreferencesCard />
          <MyDataCard />
          <LogoutCard />
        </nav>
      </MemberSection>
    </section>
  );
}
