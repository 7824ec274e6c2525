const SECTIONS = [
  { id: "beneficios", label: "Benefícios" },
  { id: "quem-somos", label: "Quem somos" },
  { id: "como-funciona", label: "Como funciona" },
  { id: "instituicoes", label: "Instituições" },
  { id: "eventos", label: "Eventos" },
  { id: "perguntas-frequentes", label: "Dúvidas" },
];

/** Shortcuts to the landing's sections (plain anchors: they work without JavaScript). */
export function SectionNav() {
  return (
    <nav aria-label="Seções da página" className="border-y border-line bg-white">
      <ul className="mx-auto flex max-w-page gap-2 overflow-x-auto px-4 py-3 [scrollbar-width:none]">
        {SECTIONS.map((section) => (
          <li key={section.id} className="shrink-0">
            <a
              href={`#${section.id}`}
              className="inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm font-semibold text-ink-muted hover:border-brand-300 hover:bg-brand-50 hover:text-brand-900 focus-ring"
            >
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
