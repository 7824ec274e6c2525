import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { cookieAttributes } from "~/config/cookie-attributes.server";
import { canRunEvent } from "~/teams/event-access.server";
import { findActingMember } from "~/teams/team-members.server";
import { type ActingMember, TEAM_MESSAGES } from "~/teams/team-roles";
import { redirectWithFlash } from "~/web/flash.server";
import { loginRedirect } from "~/web/guards.server";
import { redirect } from "~/web/redirect.server";
import { sessionContext } from "~/web/session.server";

/**
 * The institution area's guards (issue 41, ADR 0077). A signed-in person acts for one
 * institution at a time: the one they chose in the header (a cookie holding its id; nothing
 * secret, since the membership is read from the database on every request) or, without a
 * choice, their default one. Removing someone from a team takes effect on their next request,
 * whichever tab it comes from: it is refused with a clear message and nothing changes.
 */

const COOKIE = "conecta.instituicao";

const memberContext = createContext<ActingMember | null>(null);

function chosenInstitution(request: Request): string | null {
  const raw = request.headers
    .get("cookie")
    ?.split(/;\s*/)
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  return raw ? decodeURIComponent(raw) : null;
}

/** The Set-Cookie that keeps `institutionId` as the choice, or forgets it (null). */
function choiceCookie(institutionId: string | null): string {
  const value = institutionId ? encodeURIComponent(institutionId) : "";
  return `${COOKIE}=${value}; ${cookieAttributes()}; Max-Age=${institutionId ? 31536000 : 0}`;
}

/**
 * Any signed-in member of an institution's team, within what their role reaches (RULES); sets
 * the acting member for the route.
 */
export const requireInstitutionMember: MiddlewareFunction<Response> = async (
  { request, url, context },
  next,
) => {
  const user = context.get(sessionContext);
  if (!user) throw loginRedirect(url);
  if (user.role !== "USER") throw redirect("/");
  // A link that names the institution (the header's areas, an accepted invitation) switches to
  // it; otherwise the one chosen before.
  const named = url.searchParams.get("equipe");
  const remembered = chosenInstitution(request);
  const chosen = named ?? remembered;
  const member = await findActingMember(user.id, chosen);
  if (member) {
    const refused = await refusalFor(member, url.pathname);
    if (refused) throw redirectWithFlash("/app/instituicao", refused, "error");
    context.set(memberContext, member);
    if (named === null || named === remembered) return next();
    const response = await next();
    response.headers.append("Set-Cookie", choiceCookie(member.institutionId));
    return response;
  }
  if (chosen) {
    // Removed since they chose it (another tab, a link kept): say so, and fall back next time.
    const headers = new Headers({ "Set-Cookie": choiceCookie(null) });
    throw redirectWithFlash("/app", TEAM_MESSAGES.notMember, "error", headers);
  }
  if (user.profile === "INSTITUTION") {
    throw redirectWithFlash("/", TEAM_MESSAGES.noInstitution, "error");
  }
  throw redirect("/");
};

/** After requireInstitutionMember: only an APPROVED institution runs events and applications. */
export const requireApprovedInstitution: MiddlewareFunction<Response> = ({ context }) => {
  if (actingMember(context).institutionStatus !== "APPROVED") throw redirect("/app/instituicao");
};

/**
 * What a member may reach beyond being on the team, by the page's path (the `url` argument,
 * never `.data`): the profile is a responsável's; ongoing hours and certificates across
 * activities are not for a coordinator limited to some events; an event's pages (`:id`) are, for
 * such a coordinator, only those of the events they run. One table, read by the area's guard
 * for the page, its `.data` request and a direct POST alike.
 */
const RULES: {
  path: RegExp;
  allows: (member: ActingMember, match: RegExpExecArray) => Promise<string | null>;
}[] = [
  {
    path: /^\/app\/atualizar-instituicao$/,
    allows: async (member) =>
      member.role === "RESPONSAVEL" ? null : TEAM_MESSAGES.responsibleOnly,
  },
  {
    path: /^\/app\/instituicao\/(horas|certificados)(\/|$)/,
    allows: async (member) => (member.limited ? TEAM_MESSAGES.wholeInstitutionOnly : null),
  },
  {
    // An id of another institution's event passes here and is not found by the route's own
    // query, which has the institution in its WHERE.
    path: /^\/app\/eventos\/([^/]+)\//,
    allows: async (member, match) =>
      (await canRunEvent(member, match[1] ?? "")) ? null : TEAM_MESSAGES.eventNotAssigned,
  },
];

async function refusalFor(member: ActingMember, pathname: string): Promise<string | null> {
  for (const rule of RULES) {
    const match = rule.path.exec(pathname);
    if (match) return rule.allows(member, match);
  }
  return null;
}

/** The member acting in a loader or action under requireInstitutionMember. */
export function actingMember(context: Readonly<RouterContextProvider>): ActingMember {
  const member = context.get(memberContext);
  if (!member) throw new Error("actingMember() used on a route without the institution guard");
  return member;
}
