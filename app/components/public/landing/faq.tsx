import type { ReactNode } from "react";
import { Link } from "react-router";
import { ChevronDownIcon } from "~/components/ui/icons-common";
import { REVIEW_DAYS } from "~/config/constants";
import { LandingSection } from "./landing-section";

const linkStyle = "font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900";

function questions(contactEmail: string): { question: string; answer: ReactNode }[] {
  return [
    {
      question: "O cadastro é gratuito?",
      answer:
        "Sim. O cadastro e o uso da plataforma são gratuitos para voluntários e para instituições, sem nenhuma cobrança.",
    },
    {
      question: "Quanto tempo leva para o meu cadastro ser aprovado?",
      answer: `O cadastro de uma instituição é analisado pela nossa equipe em até ${REVIEW_DAYS} dias úteis; você recebe a resposta por e-mail. Voluntários podem usar a plataforma logo depois de criar a conta.`,
    },
    {
      question: "Existe idade mínima para participar?",
      answer:
        "Sim: o cadastro de voluntários é a partir de 16 anos. Quem tem 16 ou 17 anos informa um responsável, que recebe um e-mail para autorizar o cadastro e cada termo de adesão. Cada instituição pode ter regras próprias para as suas atividades.",
    },
    {
      question: "Como me candidato a uma instituição?",
      answer: (
        <>
          Abra a página da instituição em{" "}
          <Link to="/instituicoes" className={linkStyle}>
            Instituições
          </Link>{" "}
          e toque em “Quero fazer parte”. Depois de entrar na sua conta, escreva uma mensagem: a
          instituição recebe seus dados de contato por e-mail e fala com você.
        </>
      ),
    },
    {
      question: "Posso ser voluntário pela internet?",
      answer:
        "Sim. Muitas instituições aceitam voluntariado online. No diretório, use o filtro “Tipo de voluntariado” para ver só as que trabalham de forma presencial, online ou das duas formas.",
    },
    {
      question: "Minha instituição pode divulgar eventos?",
      answer:
        "Sim. Depois de aprovada, a instituição cria eventos pela sua área na plataforma. Cada evento também passa pela análise da equipe antes de aparecer no site.",
    },
    {
      question: "Como falo com o suporte?",
      answer: (
        <>
          O suporte é feito por e-mail:{" "}
          <a href={`mailto:${contactEmail}`} className={linkStyle}>
            {contactEmail}
          </a>
          . Respondemos o mais rápido possível.
        </>
      ),
    },
  ];
}

/** The FAQ accordion: native <details>, so it opens and closes without JavaScript. */
export function Faq({ contactEmail }: { contactEmail: string }) {
  return (
    <LandingSection
      id="perguntas-frequentes"
      label="Dúvidas"
      title="Perguntas frequentes"
      tone="muted"
    >
      <div className="flex max-w-3xl flex-col gap-3">
        {questions(contactEmail).map((item) => (
          <details
            key={item.question}
            className="group rounded-2xl border border-line bg-white shadow-card open:ring-1 open:ring-brand-200"
          >
            <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-lg font-semibold text-ink hover:text-brand-900 [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDownIcon className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180" />
            </summary>
            <div className="px-5 pb-5 text-pretty text-ink-muted">{item.answer}</div>
          </details>
        ))}
      </div>
    </LandingSection>
  );
}
