import { listSentApplications } from "~/applications/application-lists.server";
import { profileSummary } from "~/auth/profile-summary.server";
import { BrowseLinks } from "~/components/members/browse-links";
import { LogoutCard } from "~/components/members/logout-card";
import { MyDataCard } from "~/components/members/my-data-card";
import { SentApplications } from "~/components/members/sent-applications";
import { ActionCard } from "~/components/ui/action-card";
import { KeyIcon, PencilIcon } from "~/components/ui/icons";
import { ProfileCard } from "~/components/ui/profile-card";
import { SectionHeading } from "~/components/ui/section-heading";
import { sessionUser } from "~/web/guards.server";
import type { Route } from "./+types/app.voluntario";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Minha área | ${appName}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = sessionUser(context);
  const [profile, applications] = await Promise.all([
    profileSummary(user),
    listSentApplications(user.id),
  ]);
  return { profile, applications };
}

export default function VolunteerHome({ loaderData }: Route.ComponentProps) {
  const { profile, applications } = loaderData;
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
      <BrowseLinks className="mt-6" />
      <nav aria-label="Minha conta" className="mt-6 flex flex-col gap-3">
        <ActionCard
          to="/app/atualizar-voluntario"
          icon={<PencilIcon />}
          title="Editar perfil"
          description="Nome, cidade, foto e resumo"
        />
        <ActionCard to="/app/atualizar-senha" icon={<KeyIcon />} title="Alterar senha" />
        <MyDataCard />
        <LogoutCard />
      </nav>
      <SentApplications applications={applications} />
    </section>
  );
}
