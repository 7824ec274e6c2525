import { Link } from "react-router";
import { homePathFor, type SessionUser } from "~/auth/session-user";
import { buttonStyles } from "~/components/ui/button-styles";
import { CheckCircleIcon } from "~/components/ui/icons-common";
import { HeroIllustration } from "./hero-illustration";

const HIGHLIGHTS = ["Cadastro gratuito", "Instituições verificadas", "Presencial ou online"];

type HeroAction = { to: string; label: string };

/** A signed-in person as the landing greets them. */
export interface SignedInVisitor {
  firstName: string;
  /** The two ways forward the banner offers, the first as the main button. */
  actions: [HeroAction, HeroAction];
}

export function signedInVisitor(user: SessionUser): SignedInVisitor {
  const home = homePathFor(user);
  const firstName = user.name.trim().split(/\s+/)[0] ?? user.name;
  const actions: [HeroAction, HeroAction] =
    user.role === "ADMIN"
      ? [
          { to: home, label: "Abrir o painel" },
          { to: "/instituicoes", label: "Ver instituições" },
        ]
      : user.profile === "INSTITUTION"
        ? [
            { to: home, label: "Ir para a minha área" },
            { to: "/eventos", label: "Ver eventos" },
          ]
        : [
            { to: "/instituicoes", label: "Encontrar instituições" },
            { to: home, label: "Minhas candidaturas" },
          ];
  return { firstName, actions };
}

/**
 * The banner: what the product is, the join button, and a quick way to look around first. A
 * signed-in person is greeted by name and offered their way forward instead of signing up.
 */
export function Hero({ appName, visitor }: { appName: string; visitor: SignedInVisitor | null }) {
  const [primary, secondary] = visitor?.actions ?? [
    { to: "/auth/cadastro", label: "Quero ser voluntário" },
    { to: "/instituicoes", label: "Conhecer instituições" },
  ];
  return (
    <section
      aria-labelledby="titulo-principal"
      className="overflow-hidden bg-gradient-to-b from-brand-50 to-surface"
    >
      <div className="mx-auto grid max-w-page items-center gap-8 px-4 pt-10 pb-12 sm:pt-16 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,0.9fr)] lg:gap-12 lg:pb-20">
        <div className="flex flex-col items-start">
          <p className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-card ring-1 ring-brand-100">
            {visitor
              ? `Olá, ${visitor.firstName}! Que bom ver você aqui.`
              : "Voluntariado que transforma"}
          </p>
          <h1
            id="titulo-principal"
            className="mt-5 text-4xl leading-[1.1] font-extrabold tracking-tight text-balance text-ink sm:text-5xl lg:text-display"
          >
            Conecte-se a quem precisa da <span className="text-brand-700">sua ajuda</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-ink-muted sm:text-xl">
            O {appName} aproxima voluntários de instituições beneficentes e dos eventos que elas
            organizam. Encontre uma causa perto de você e comece hoje.
          </p>
          <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Link to={primary.to} className={buttonStyles({ className: "px-7" })}>
              {primary.label}
            </Link>
            <Link
              to={secondary.to}
              className={buttonStyles({ variant: "secondary", className: "px-7" })}
            >
              {secondary.label}
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-ink-muted">
            {HIGHLIGHTS.map((highlight) => (
              <li key={highlight} className="inline-flex items-center gap-1.5">
                <CheckCircleIcon className="size-4 text-brand-700" />
                {highlight}
              </li>
            ))}
          </ul>
        </div>
        <HeroIllustration className="mx-auto h-auto w-full max-w-xs sm:max-w-sm lg:max-w-md" />
      </div>
    </section>
  );
}
