import type { Profile, Role } from "~/config/constants";

/** The signed-in person as the server knows them; nothing here is taken from the browser. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  profile: Profile;
}

export function toSessionUser(user: {
  id: string;
  name: string;
  email: string;
  role?: unknown;
  profile?: unknown;
}): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role === "ADMIN" ? "ADMIN" : "USER",
    profile: user.profile as Profile,
  };
}

/** docs/spec.md "Home routing by role". */
export function homePathFor(user: Pick<SessionUser, "role" | "profile">): string {
  if (user.role === "ADMIN") return "/admin/dashboard";
  if (user.role !== "USER") return "/";
  return user.profile === "VOLUNTEER" ? "/app/voluntario" : "/app/instituicao";
}

/** What the site header shows of the signed-in person: name, e-mail, photo and their home. */
export interface HeaderPerson {
  name: string;
  email: string;
  photoUrl: string | null;
  /** The home of the person's role and profile (SPEC "Home routing by role"). */
  homePath: string;
  /**
   * The institutions whose teams the person is on, besides their own home (issue 41), as the
   * header's links.
   */
  areas?: { to: string; label: string; section: "equipe" }[];
}
