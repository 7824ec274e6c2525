import type { ReactNode } from "react";
import { SearchIcon, ShieldCheckIcon, SparklesIcon } from "~/components/ui/icons-common";
import { LandingSection } from "./landing-section";

const BENEFITS: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <SearchIcon />,
    title: "Encontre a causa certa",
    text: "Busque instituições por nome, cidade, estado e tipo de voluntariado, presencial ou online, e escolha onde a sua ajuda faz mais sentido.",
  },
  {
    icon: <ShieldCheckIcon />,
    title: "Instituições verificadas",
    text: "Toda instituição e todo evento passam pela análise da nossa equipe antes de aparecer no site. Você ajuda com tranquilidade.",
  },
  {
    icon: <SparklesIcon />,
    title: "Simples e gratuito",
    text: "O cadastro é gratuito e leva poucos minutos. Para se candidatar, basta tocar em “Quero fazer parte” na página da instituição.",
  },
];

/** #beneficios: the three benefit cards (docs/spec.md section 1). */
export function Benefits() {
  return (
    <LandingSection
      id="beneficios"
      label="Benefícios"
      title="Por que ser voluntário por aqui"
      description="Doar um pouco do seu tempo muda a vida de quem recebe e a de quem ajuda. A gente cuida da parte difícil: encontrar onde ajudar."
      tone="muted"
    >
      <ul className="grid gap-5 md:grid-cols-3">
        {BENEFITS.map((benefit) => (
          <li
            key={benefit.title}
            className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-6 shadow-card"
          >
            <span
              aria-hidden="true"
              className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 [&>svg]:size-6"
            >
              {benefit.icon}
            </span>
            <h3 className="text-xl font-bold text-ink">{benefit.title}</h3>
            <p className="text-pretty text-ink-muted">{benefit.text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
