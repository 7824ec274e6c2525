import { LandingSection } from "./landing-section";

const VALUES = [
  {
    title: "Gratuito para todos",
    text: "Voluntários e instituições usam a plataforma sem pagar nada.",
  },
  {
    title: "Revisão de verdade",
    text: "Cada instituição e cada evento são analisados pela nossa equipe antes de serem publicados.",
  },
  {
    title: "Feito para o celular",
    text: "Leve e rápido, para você encontrar uma oportunidade de onde estiver.",
  },
];

/** #quem-somos: what the platform is for. Real purpose, no invented people. */
export function About({ appName }: { appName: string }) {
  return (
    <LandingSection id="quem-somos" label="Quem somos" title={`O que é o ${appName}`}>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)] lg:gap-16">
        <div className="flex flex-col gap-4 text-lg leading-relaxed text-pretty text-ink-muted">
          <p>
            Muita gente quer ajudar, e muitas instituições precisam de mãos, mas os dois lados nem
            sempre se encontram. O {appName} existe para encurtar esse caminho: reunimos em um só
            lugar ONGs verificadas e as oportunidades de voluntariado que elas oferecem.
          </p>
          <p>
            Pensamos especialmente em quem quer dar o primeiro passo, muitas vezes jovens que ainda
            não sabem por onde começar. Aqui você conhece o trabalho de cada instituição, descobre
            eventos na sua cidade e se candidata em poucos toques.
          </p>
          <p>
            Para as instituições, somos uma vitrine gratuita: uma página própria, eventos divulgados
            e candidaturas que chegam direto no e-mail de contato.
          </p>
        </div>
        <ul className="flex flex-col gap-4">
          {VALUES.map((value, index) => (
            <li
              key={value.title}
              className="flex gap-4 rounded-2xl border border-line bg-surface p-5"
            >
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-100 font-bold text-accent-700"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-bold text-ink">{value.title}</h3>
                <p className="mt-1 text-ink-muted">{value.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </LandingSection>
  );
}
