import { Link } from "react-router";
import { REVIEW_DAYS } from "~/config/constants";
import { type LegalSection, MailLink } from "./legal-page";

/** The terms of use, with the product name and support e-mail from the configuration. */
export function termsOfUseSections({
  appName,
  contactEmail,
}: {
  appName: string;
  contactEmail: string;
}): { intro: React.ReactNode; sections: LegalSection[] } {
  return {
    intro: (
      <p>
        Estes termos explicam como funciona o {appName}, o que você pode esperar da plataforma e o
        que esperamos de quem a usa. Ao criar uma conta ou usar o site, você concorda com eles. Se
        algo não estiver claro, escreva para <MailLink email={contactEmail} />.
      </p>
    ),
    sections: [
      {
        id: "o-que-e",
        title: `O que é o ${appName}`,
        body: (
          <>
            <p>
              O {appName} é uma plataforma que aproxima voluntários de instituições beneficentes
              (ONGs) e dos eventos que elas organizam. Voluntários encontram instituições e eventos
              e se candidatam a participar; instituições mantêm uma página pública e divulgam seus
              eventos.
            </p>
            <p>
              A plataforma é uma ponte: ela não organiza as atividades voluntárias e não é parte da
              relação entre o voluntário e a instituição. O trabalho voluntário é combinado
              diretamente entre os dois, nos termos da Lei do Voluntariado (Lei nº 9.608/1998).
            </p>
          </>
        ),
      },
      {
        id: "gratuidade",
        title: "Uso gratuito",
        body: (
          <p>
            O {appName} é gratuito para voluntários e para instituições. Não cobramos pelo cadastro,
            pela candidatura, pela página da instituição nem pela divulgação de eventos.
          </p>
        ),
      },
      {
        id: "cadastro",
        title: "Cadastro e conta",
        body: (
          <>
            <p>
              Para se candidatar a uma instituição ou divulgar eventos é preciso criar uma conta com
              e-mail, telefone e senha. Você se compromete a informar dados verdadeiros e a
              mantê-los atualizados.
            </p>
            <ul>
              <li>A conta é pessoal: guarde sua senha e não a compartilhe.</li>
              <li>
                Se suspeitar que alguém usou sua conta, troque a senha e avise o suporte pelo e-mail{" "}
                <MailLink email={contactEmail} />.
              </li>
              <li>
                O cadastro de voluntários é permitido a partir de 16 anos. Quem tem 16 ou 17 anos
                informa o nome e o e-mail de um dos pais ou do responsável legal, que autoriza o
                cadastro e cada termo de adesão ao serviço voluntário por um link enviado por
                e-mail; até essa autorização, o termo fica pendente.
              </li>
            </ul>
          </>
        ),
      },
      {
        id: "instituicoes",
        title: "Instituições e eventos",
        body: (
          <>
            <p>
              Instituições se cadastram com CNPJ, responsável e endereço. Cada cadastro é analisado
              pela nossa equipe e aprovado ou recusado em até {REVIEW_DAYS} dias úteis; só
              instituições aprovadas aparecem no site. Cada evento também passa por análise antes de
              ficar público.
            </p>
            <p>
              A instituição é responsável pelas informações, fotos e textos que publica, e declara
              ter o direito de usá-los. Ao publicá-los, autoriza o {appName} a exibi-los nas páginas
              públicas da plataforma. O e-mail de contato só aparece na página da instituição se ela
              autorizar a divulgação.
            </p>
          </>
        ),
      },
      {
        id: "candidaturas",
        title: "Candidaturas",
        body: (
          <p>
            Quando você toca em “Quero fazer parte” e envia o formulário, a instituição recebe por
            e-mail seu nome, o e-mail e o telefone que você informou e a sua mensagem. A partir daí,
            o contato acontece diretamente entre vocês. O {appName} não garante que uma candidatura
            será aceita.
          </p>
        ),
      },
      {
        id: "conduta",
        title: "O que não é permitido",
        body: (
          <ul>
            <li>Publicar informações falsas ou se passar por outra pessoa ou instituição.</li>
            <li>
              Divulgar conteúdo ilegal, discriminatório, ofensivo ou que não tenha relação com
              voluntariado e causas sociais.
            </li>
            <li>
              Usar a plataforma para vender produtos, enviar propaganda ou pedir dados pessoais.
            </li>
            <li>
              Tentar acessar contas de outras pessoas, burlar a segurança do site ou
              sobrecarregá-lo.
            </li>
          </ul>
        ),
      },
      {
        id: "moderacao",
        title: "Moderação e encerramento",
        body: (
          <p>
            Nossa equipe pode recusar ou remover cadastros, páginas e eventos que descumpram estes
            termos, e suspender contas usadas de forma indevida. Você pode excluir a sua conta a
            qualquer momento em “Meus dados”, na sua área, ou pedir a exclusão pelo e-mail{" "}
            <MailLink email={contactEmail} />.
          </p>
        ),
      },
      {
        id: "responsabilidade",
        title: "Responsabilidades",
        body: (
          <p>
            Trabalhamos para manter o site no ar e as informações corretas, mas não podemos garantir
            que ele funcione sem interrupções. Conferimos os cadastros antes de publicá-los; ainda
            assim, cada instituição responde pelas atividades que organiza e pelas informações que
            divulga. Antes de participar de uma atividade, converse com a instituição e tire suas
            dúvidas.
          </p>
        ),
      },
      {
        id: "privacidade",
        title: "Privacidade",
        body: (
          <p>
            O tratamento dos seus dados pessoais está descrito na nossa{" "}
            <Link
              to="/politicas-de-privacidade"
              className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
            >
              Política de privacidade
            </Link>
            , que faz parte destes termos.
          </p>
        ),
      },
      {
        id: "alteracoes",
        title: "Alterações destes termos",
        body: (
          <p>
            Podemos atualizar estes termos quando a plataforma mudar. A data da última atualização
            fica no topo desta página; mudanças importantes também serão avisadas no site.
          </p>
        ),
      },
      {
        id: "contato",
        title: "Contato e legislação",
        body: (
          <p>
            O suporte é feito por e-mail: <MailLink email={contactEmail} />. Estes termos seguem a
            legislação brasileira.
          </p>
        ),
      },
    ],
  };
}
