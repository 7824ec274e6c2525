import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { LandingSection } from "./landing-section";

const STEPS = [
  {
    title: "Cadastre-se",
    text: "Crie sua conta gratuita como voluntário ou como instituição. Leva poucos minutos.",
  },
  {
    title: "Encontre uma oportunidade",
    text: "Explore instituições e eventos perto de você ou online, com busca e filtros.",
  },
  {
    title: "Conecte-se",
    text: "Toque em “Quero fazer parte”: a instituição recebe sua mensagem e entra em contato.",
  },
];

/** #como-funciona: the three steps (docs/spec.md: sign up, find an opportunity, connect). */
export function HowItWorks() {
  return (
    <LandingSection
      id="como-funciona"
      label="Como funciona"
      title="Três passos para começar a ajudar"
      tone="dark"
    >
      <ol className="grid gap-5 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li
            key={step.title}
            className="flex flex-col gap-3 rounded-2xl bg-white/10 p-6 ring-1 ring-white/15"
          >
            <span
              aria-hidden="true"
              className="flex size-12 items-center justify-center rounded-full bg-accent-400 text-xl font-extrabold text-brand-950"
            >
              {index + 1}
            </span>
            <h3 className="text-xl font-bold">
              <span className="sr-only">Passo {index + 1}: </span>
              {step.title}
            </h3>
            <p className="text-pretty text-brand-100">{step.text}</p>
          </li>
        ))}
      </ol>
      <Link
        to="/auth/cadastro"
        className={buttonStyles({ variant: "secondary", className: "self-start" })}
      >
        Criar minha conta grátis
      </Link>
    </LandingSection>
  );
}
