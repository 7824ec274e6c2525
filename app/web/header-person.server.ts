import { profileSummary } from "~/auth/profile-summary.server";
import { type HeaderPerson, homePathFor, type SessionUser } from "~/auth/session-user";
import { listMemberships } from "~/teams/team-members.server";
import { institutionAreaPath } from "~/teams/team-roles";

/**
 * The header's person (the root loader, /api/sessao): only what the header shows, and the teams
 * they can switch to besides their own home (a volunteer on a team, or a member of several
 * teams; issue 41). The count of teams comes with the profile summary; the list is read
 * only for the few people who have something to switch.
 */
export async function headerPersonOf(user: SessionUser): Promise<HeaderPerson> {
  const { name, email, photoUrl, teams } = await profileSummary(user);
  const person = { name, email, photoUrl, homePath: homePathFor(user) };
  // "Minha área" is the person's own home (a volunteer's area, or an institution's account's):
  // the other areas are the teams, each marked only on its own page.
  if (teams === 0 || (teams === 1 && user.profile !== "VOLUNTEER")) return person;
  const areas = (await listMemberships(user.id)).map((team) => ({
    to: institutionAreaPath(team.institutionId),
    label: `Equipe de ${team.institutionName}`,
    section: "equipe" as const,
  }));
  return { ...person, areas };
}
