import { profileSummary } from "~/auth/profile-summary.server";
import { type HeaderPerson, homePathFor, type SessionUser } from "~/auth/session-user";
import { listMemberships } from "~/teams/team-members.server";
import { institutionAreaPath } from "~/teams/team-roles";

/**
 * The header's person (the root loader, /api/sessao): only what the header shows, and the areas
 * they can switch between when there is more than one (a volunteer on a team, or a member of
 * several teams; issue 41). The count of teams comes with the profile summary; the list is read
 * only for the few people who have something to switch.
 */
export async function headerPersonOf(user: SessionUser): Promise<HeaderPerson> {
  const { name, email, photoUrl, teams } = await profileSummary(user);
  const person = { name, email, photoUrl, homePath: homePathFor(user) };
  const volunteerArea = user.profile === "VOLUNTEER";
  if (teams === 0 || (teams === 1 && !volunteerArea)) return person;
  const areas = (await listMemberships(user.id)).map((team) => ({
    to: institutionAreaPath(team.institutionId),
    label: `Equipe de ${team.institutionName}`,
    section: "area" as const,
  }));
  const own = volunteerArea
    ? [{ to: "/app/voluntario", label: "Minha área de voluntário", section: "area" as const }]
    : [];
  return { ...person, areas: [...own, ...areas] };
}
