/** The site header's sections and links, and which one a page belongs to (ADR 0030). */

/** "equipe": a team's area in the header (issue 41), marked on its own page only. */
export type Section = "instituicoes" | "eventos" | "area" | "equipe";

/** The section a path belongs to, for the header's mark (aria-current). */
export function sectionOf(pathname: string): Section | null {
  if (pathname === "/instituicoes" || pathname.startsWith("/instituicoes/")) return "instituicoes";
  if (pathname === "/eventos" || pathname.startsWith("/eventos/")) return "eventos";
  if (pathname.startsWith("/app/") || pathname.startsWith("/admin")) return "area";
  return null;
}

export interface NavItem {
  to: string;
  label: string;
  section: Section;
}

/**
 * The header's links: the two public lists and, when signed in, the person's home, then the
 * other areas they act in (issue 41: their volunteer area, the teams they are on).
 */
export function navItems(homePath: string | null, areas: NavItem[] = []): NavItem[] {
  const home: NavItem[] = homePath
    ? [
        {
          to: homePath,
          label: homePath.startsWith("/admin") ? "Administração" : "Minha área",
          section: "area",
        },
      ]
    : [];
  return [
    { to: "/instituicoes", label: "Instituições", section: "instituicoes" },
    { to: "/eventos", label: "Eventos", section: "eventos" },
    ...home,
    ...areas,
  ];
}

/** aria-current of a link: "page" on the page itself, "true" anywhere else in its section. */
export function currentOf(item: NavItem, pathname: string): "page" | "true" | undefined {
  if (pathname === item.to) return "page";
  return sectionOf(pathname) === item.section ? "true" : undefined;
}
