import type { ReactNode } from "react";
import { Link } from "react-router";
import { type LegalSection, MailLink } from "./legal-page";

const LINK = "font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900";

/**
 * The privacy policy. It describes what the code really does (docs/design.md 7.7): the cookies are
 * the session cookie, the sign-in security one (app/auth/device-cookie.server.ts) and two
 * short-lived functional ones (app/auth/signup-draft.server.ts, app/web/flash.server.ts); no
 * analytics or advertising. Keep it in step with the code.
 */
export function privacyPolicySections({
  appName,
  contactEmail,
}: {
  appName: string;
  contactEmail: string;
}): { intro: ReactNode; sections: LegalSection[] } {
  return {
    intro: (
      <p>
        Esta política explica quais dados pessoais o {appName} coleta, para que os usa, quem pode
        vê-los, por quanto tempo ficam guardados e como você exerce seus direitos previstos na Lei
        Geral de Proteção de Dados (LGPD, Lei nº 13.709/2018). Dúvidas e pedidos:{" "}
        <MailLink email={contactEmail} />.
      </p>
    ),
    sections: [
      {
        id: "dados-coletados",
        title: "Dados que coletamos",
        body: (
          <>
            <p>Coletamos apenas o que a plataforma precisa para funcionar:</p>
            <ul>
              <li>
                <strong>Conta (todos):</strong> e-mail, telefone, nome e senha. A senha nunca é
                guardada como você a digitou: guardamos apenas um resumo criptográfico (hash) dela.
              </li>
              <li>
                <strong>Voluntários:</strong> foto de perfil, resumo sobre você, estado e cidade.
              </li>
              <li>
                <strong>Instituições:</strong> nome, CNPJ, nome do responsável, endereço completo,
                foto de perfil e de capa, resumo, texto “sobre”, tipo de voluntariado, e-mail de
                contato e a autorização (ou não) para divulgar a instituição, com a data em que foi
                dada. Também os eventos que a instituição cadastra.
              </li>
              <li>
                <strong>Candidaturas:</strong> a instituição escolhida, o e-mail e o telefone para
                resposta e a mensagem que você escreve, com a data do envio.
              </li>
              <li>
                <strong>Registros de segurança:</strong> o endereço IP e o navegador usados em cada
                sessão, e o IP e o horário das tentativas de entrar, de se cadastrar e de recuperar
                a senha, que usamos para limitar tentativas repetidas.
              </li>
            </ul>
            <p>
              As fotos enviadas são convertidas e têm os metadados removidos (como a localização GPS
              que câmeras de celular gravam). Não usamos ferramentas de análise de audiência nem de
              publicidade.
            </p>
          </>
        ),
      },
      {
        id: "finalidades",
        title: "Para que usamos os dados",
        body: (
          <ul>
            <li>
              Criar e manter sua conta, permitir que você entre nela e recupere a senha (execução do
              serviço que você pediu, LGPD art. 7º, V).
            </li>
            <li>
              Publicar as páginas das instituições aprovadas e de seus eventos, e mostrar o e-mail
              de contato quando a instituição autorizou (execução do serviço e consentimento, art.
              7º, I e V).
            </li>
            <li>Encaminhar sua candidatura à instituição escolhida (execução do serviço).</li>
            <li>
              Analisar cadastros de instituições e eventos antes da publicação e avisar o resultado
              por e-mail.
            </li>
            <li>
              Proteger a plataforma contra abusos e invasões, com os registros de segurança
              (legítimo interesse, art. 7º, IX, e cumprimento do Marco Civil da Internet).
            </li>
          </ul>
        ),
      },
      {
        id: "quem-ve",
        title: "Quem vê os seus dados",
        body: (
          <ul>
            <li>
              <strong>Qualquer visitante</strong> vê as páginas públicas das instituições aprovadas
              (nome, fotos, resumo, texto “sobre”, endereço e tipo de voluntariado) e dos eventos
              aprovados. O e-mail de contato da instituição só aparece se ela autorizou a
              divulgação.
            </li>
            <li>
              <strong>A instituição</strong> a que você se candidata recebe, no e-mail de contato
              dela, o seu nome, o e-mail e o telefone informados e a sua mensagem.
            </li>
            <li>
              <strong>A equipe do {appName}</strong> (administradores) vê os dados de cadastro para
              analisar instituições e eventos e dar suporte.
            </li>
            <li>
              Os dados de voluntários (foto, resumo, cidade, telefone) não são publicados no site.
            </li>
          </ul>
        ),
      },
      {
        id: "compartilhamento",
        title: "Compartilhamento",
        body: (
          <p>
            Não vendemos nem alugamos dados pessoais. Além da instituição que recebe sua
            candidatura, os dados passam apenas pelos serviços que mantêm a plataforma no ar: a
            hospedagem do site e do banco de dados e o serviço de envio de e-mails. Eles tratam os
            dados somente em nosso nome. Também podemos informar dados a autoridades quando a lei ou
            uma ordem judicial exigir.
          </p>
        ),
      },
      {
        id: "cookies",
        title: "Cookies",
        body: (
          <>
            <p>
              Não usamos cookies de rastreamento, de análise ou de publicidade. Usamos um cookie
              essencial de sessão, um cookie de segurança do acesso e dois cookies funcionais de
              curta duração, todos do próprio {appName}, inacessíveis a scripts (HttpOnly) e sem
              dados pessoais dentro deles:
            </p>
            <ul>
              <li>
                <strong>conecta.session_token</strong> (essencial): mantém você conectado depois de
                entrar. Guarda só um código aleatório; expira após 1 hora sem uso e é apagado ao
                sair da conta.
              </li>
              <li>
                <strong>conecta.device</strong> (segurança): lembra que este navegador já entrou na
                sua conta, para que tentativas de senha feitas por outras pessoas não bloqueiem o
                seu acesso. Guarda um código aleatório com uma assinatura (não contém o seu e-mail),
                vale por 180 dias e só é enviado às páginas de entrada.
              </li>
              <li>
                <strong>conecta.signup</strong> (funcional): existe apenas durante o cadastro, para
                lembrar as etapas já preenchidas. Guarda um código aleatório (os dados ficam em
                nosso servidor) e expira em até 1 hora, ou ao concluir o cadastro.
              </li>
              <li>
                <strong>conecta.flash</strong> (funcional): leva uma mensagem de confirmação, como
                “Logout realizado com sucesso.”, para a próxima página. Dura no máximo 1 minuto e é
                apagado assim que a mensagem aparece.
              </li>
            </ul>
            <p>
              Como esses cookies são necessários para o funcionamento do site, não pedimos
              consentimento para eles. Você pode apagá-los no seu navegador a qualquer momento; isso
              apenas encerra a sua sessão e faz o navegador ser tratado como novo na próxima
              entrada.
            </p>
          </>
        ),
      },
      {
        id: "retencao",
        title: "Por quanto tempo guardamos",
        body: (
          <ul>
            <li>
              <strong>Dados da conta, do perfil e das candidaturas:</strong> enquanto a conta
              existir. Quando a conta é excluída, tudo isso é apagado, inclusive as fotos e os
              eventos da instituição; fica apenas um registro interno de que uma conta foi excluída,
              sem nome nem e-mail.
            </li>
            <li>
              <strong>Contatos para as instituições:</strong> a instituição vê seu e-mail e telefone
              só enquanto você participa do evento ou a sua candidatura não foi recusada. Quem sai
              de um evento, é removido ou tem a candidatura recusada aparece para ela apenas pelo
              nome e pela situação, também na planilha que ela baixa.
            </li>
            <li>
              <strong>E-mails que enviamos:</strong> o texto é apagado 30 dias depois do envio;
              ficam o destinatário, o assunto e a data, enquanto a conta existir.
            </li>
            <li>
              <strong>Histórico de alterações</strong> (quem aprovou, alterou, cancelou ou removeu o
              quê, e quando): 5 anos, sem o texto das mensagens.
            </li>
            <li>
              <strong>Sessões:</strong> removidas do nosso banco de dados até uma hora depois de
              expirarem.
            </li>
            <li>
              <strong>Rascunhos de cadastro e links de troca de senha:</strong> valem por 1 hora e
              são apagados depois disso.
            </li>
            <li>
              <strong>Contadores de tentativas</strong> (por rede, por e-mail, por conta ou por
              navegador): apagados em até 24 horas.
            </li>
            <li>
              <strong>Registros de acesso</strong> (IP, data e hora): guardados por 6 meses, como
              exige o Marco Civil da Internet (Lei nº 12.965/2014, art. 15), e depois descartados.
            </li>
          </ul>
        ),
      },
      {
        id: "seguranca",
        title: "Como protegemos os dados",
        body: (
          <p>
            As senhas são guardadas apenas como hash; as sessões ficam em nosso servidor e o cookie
            não pode ser lido por scripts; o número de tentativas de acesso é limitado; cada conta
            só altera os próprios dados; e cadastros e eventos passam por revisão antes de serem
            publicados. O acesso ao site é feito por conexão segura (HTTPS).
          </p>
        ),
      },
      {
        id: "direitos",
        title: "Seus direitos e como exercê-los",
        body: (
          <>
            <p>Pela LGPD (art. 18), você pode pedir a qualquer momento:</p>
            <ul>
              <li>a confirmação de que tratamos seus dados e o acesso a eles;</li>
              <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
              <li>
                a anonimização, o bloqueio ou a eliminação de dados desnecessários ou tratados em
                desacordo com a lei;
              </li>
              <li>a portabilidade dos seus dados a outro serviço, em formato legível;</li>
              <li>a eliminação dos seus dados e da sua conta;</li>
              <li>a informação sobre com quem compartilhamos seus dados;</li>
              <li>
                a revogação do consentimento, como a autorização de divulgação de uma instituição.
              </li>
            </ul>
            <p>
              Muita coisa você faz sozinho, depois de entrar na sua conta: corrigir o perfil na sua
              área e, em{" "}
              <Link to="/app/meus-dados" className={LINK}>
                Meus dados
              </Link>
              , baixar uma cópia de todos os seus dados (portabilidade) ou excluir a sua conta. Para
              os demais pedidos, escreva para <MailLink email={contactEmail} /> a partir do e-mail
              da sua conta. Respondemos em até 15 dias.
            </p>
            <p>
              Se achar que seu pedido não foi atendido, você pode reclamar à Autoridade Nacional de
              Proteção de Dados (ANPD).
            </p>
          </>
        ),
      },
      {
        id: "criancas",
        title: "Crianças e adolescentes",
        body: (
          <p>
            O cadastro de voluntários no {appName} é a partir de 16 anos; não tratamos dados de
            crianças. Para adolescentes de 16 e 17 anos, seguindo o melhor interesse previsto na
            LGPD (art. 14), pedimos a data de nascimento e o nome e o e-mail de um dos pais ou do
            responsável legal, que autoriza o cadastro e cada termo de adesão por um link enviado
            por e-mail e pode pedir a exclusão dos dados a qualquer momento pelo e-mail de contato.
          </p>
        ),
      },
      {
        id: "alteracoes",
        title: "Alterações desta política",
        body: (
          <p>
            Quando esta política mudar, a data no topo da página será atualizada e mudanças
            importantes serão avisadas no site.
          </p>
        ),
      },
      {
        id: "contato",
        title: "Contato",
        body: (
          <p>
            O {appName} é gratuito e o suporte é feito por e-mail. Para qualquer assunto de
            privacidade, escreva para <MailLink email={contactEmail} />.
          </p>
        ),
      },
    ],
  };
}
