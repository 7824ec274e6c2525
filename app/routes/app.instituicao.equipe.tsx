import { data } from "react-router";
import { formatDayInBrazil } from "~/applications/application-dates";
import { InviteForm, PendingInvitations, TeamList } from "~/components/members/team";
import { BackButton } from "~/components/ui/back-button";
import { ErrorMessage } from "~/components/ui/error-message";
import { SectionHeading } from "~/components/ui/section-heading";
import { validateForm } from "~/forms/form-validation";
import {
  listAssignableEvents,
  listAssignments,
  setEventAssignment,
} from "~/teams/event-access.server";
import {
  cancelInvitation,
  inviteToTeam,
  listPendingInvitations,
} from "~/teams/team-invitations.server";
import {
  assertResponsible,
  changeMemberRole,
  listTeam,
  removeMember,
} from "~/teams/team-members.server";
import { INVITATION_DAYS, MEMBER_ROLE_LABELS } from "~/teams/team-roles";
import { inviteSchema, roleChangeSchema } from "~/teams/team-schema";
import { refusalOf } from "~/web/app-error.server";
import { redirectWithFlash } from "~/web/flash.server";
import { actingMember } from "~/web/institution-guard.server";
import { readFormData } from "~/web/read-form-data.server";
import type { Route } from "./+types/app.instituicao.equipe";
import { formFailure, saveOrFail } from "./app.member-form.server";

const PAGE = "/app/instituicao/equipe";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Equipe | ${appName}` }, { name: "robots", content: "noindex" }];
}

/**
 * The institution's team (issue 41): every member sees who is on it, with which role, who
 * invited them and when; a responsável invites, changes roles, hands events to coordinators
 * limited to some, and removes people. Anyone may leave, except the last responsável.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const member = actingMember(context);
  const responsible = member.role === "RESPONSAVEL";
  const [team, invitations, assignments, events] = await Promise.all([
    listTeam(member.institutionId),
    responsible ? listPendingInvitations(member.institutionId) : [],
    listAssignments(member.institutionId),
    // Handed on by anyone but a limited coordinator (a responsável never is one).
    member.limited ? [] : listAssignableEvents(member.institutionId),
  ]);
  return {
    institutionName: member.institutionName,
    you: { userId: member.userId, role: member.role, limited: member.limited },
    team: team.map(({ joinedAt, ...row }) => ({ ...row, joinedOn: formatDayInBrazil(joinedAt) })),
    invitations: invitations.map(({ createdAt, expiresAt, ...row }) => ({
      ...row,
      sentOn: formatDayInBrazil(createdAt),
      expiresOn: formatDayInBrazil(expiresAt),
    })),
    assignments,
    events,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = actingMember(context);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  if (intent === "invite") {
    const form = validateForm(inviteSchema, formData);
    if (!form.ok) return formFailure(formData, form.error);
    const failed = await saveOrFail(formData, "team: invite", FAILED, async () => {
      assertResponsible(member);
      await inviteToTeam(member, {
        email: form.data.email,
        role: form.data.role,
        limited: form.data.limited === "on",
      });
    });
    if (failed) return failed;
    throw redirectWithFlash(
      PAGE,
      `Convite enviado para ${form.data.email}. O link vale por ${INVITATION_DAYS} dias.`,
      "success",
    );
  }
  if (intent === "role") {
    const form = validateForm(roleChangeSchema, formData);
    if (!form.ok) return formFailure(formData, form.error);
    let name = "";
    const failed = await saveOrFail(formData, "team: role", FAILED, async () => {
      ({ name } = await changeMemberRole(member, form.data));
    });
    if (failed) return failed;
    const label = `${MEMBER_ROLE_LABELS[form.data.role].toLowerCase()}${form.data.limited ? " de alguns eventos" : ""}`;
    throw redirectWithFlash(PAGE, `${name} agora atua como ${label}.`, "success");
  }
  try {
    return await simpleIntent(member, intent, formData);
  } catch (error) {
    if (error instanceof Response) throw error;
    const refused = refusalOf(error);
    if (refused) return data({ error: refused.error, values: {} }, { status: refused.status });
    throw error;
  }
}

const FAILED = "Não foi possível salvar. Tente novamente.";

/** The one-button forms: cancel an invitation, remove (or leave), hand an event on or take it back. */
async function simpleIntent(
  member: ReturnType<typeof actingMember>,
  intent: string,
  formData: FormData,
): Promise<never> {
  const id = String(formData.get("id") ?? "");
  if (intent === "cancel-invite") {
    assertResponsible(member);
    await cancelInvitation(member, id);
    throw redirectWithFlash(PAGE, "Convite cancelado: o link deixou de valer.", "success");
  }
  if (intent === "remove") {
    // Anyone may leave; only a responsável removes someone else.
    const leaving = id === member.userId;
    if (!leaving) assertResponsible(member);
    const { name } = await removeMember({
      institutionId: member.institutionId,
      userId: id,
      actorId: member.userId,
      how: leaving ? "left" : "removed",
    });
    if (leaving) throw redirectWithFlash("/app", leftMessage(member), "success");
    throw redirectWithFlash(PAGE, `${name} não faz mais parte da equipe.`, "success");
  }
  if (intent === "assign" || intent === "unassign") {
    await setEventAssignment(member, {
      eventId: String(formData.get("eventId") ?? ""),
      userId: id,
      assigned: intent === "assign",
    });
    const done = intent === "assign" ? "Evento designado." : "Evento retirado.";
    throw redirectWithFlash(PAGE, done, "success");
  }
  throw redirectWithFlash(PAGE, "Ação desconhecida.", "error");
}

function leftMessage(member: ReturnType<typeof actingMember>): string {
  return `Você saiu da equipe de ${member.institutionName}.`;
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { institutionName, you, team, invitations, assignments, events } = loaderData;
  const responsible = you.role === "RESPONSAVEL";
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <BackButton to="/app/instituicao" />
      <SectionHeading
        as="h1"
        label={institutionName}
        title="Equipe"
        className="mt-4"
        description={
          responsible
            ? "Cada pessoa entra com a própria conta. Convide quem cuida da instituição com você e escolha o que cada uma pode fazer."
            : "Quem cuida da instituição com você, cada pessoa com a própria conta."
        }
      />
      <ErrorMessage
        message={actionData?.error.field === "form" ? actionData.error.message : undefined}
        className="mt-6 rounded-xl border border-danger-200 bg-danger-50 p-4"
      />
      <TeamList team={team} you={you} assignments={assignments} events={events} className="mt-6" />
      {responsible ? (
        <>
          <PendingInvitations invitations={invitations} className="mt-10" />
          <InviteForm error={actionData?.error} values={actionData?.values} className="mt-10" />
        </>
      ) : null}
    </section>
  );
}
