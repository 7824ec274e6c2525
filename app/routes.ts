import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Development tools: a production build has no such routes, and so none of their code
 * (`react-router build` runs with NODE_ENV=production).
 */
export const developmentRoutes = [route("dev/componentes", "routes/dev.componentes.tsx")];

/**
 * One line per route of docs/spec.md section 2, plus the APIs and assets the pages use. Protected
 * routes sit under a pathless layout whose middleware is their guard (routes/_*.tsx): it runs
 * for the page, its `.data` request and a direct POST alike, whichever loaders a request names.
 * Inside a group no route lists a guard of its own.
 */
export default [
  index("routes/home.tsx"),
  route("auth/cadastro", "routes/auth.cadastro.tsx"),
  route("auth/login", "routes/auth.login.tsx"),
  route("auth/esqueci-minha-senha", "routes/auth.esqueci-minha-senha.tsx"),
  route("auth/resetar-senha", "routes/auth.resetar-senha.tsx"),
  // E-mail confirmation and the opt-out link of every optional e-mail (ADR 0068, 0069).
  route("auth/confirmar-email", "routes/auth.confirmar-email.tsx"),
  route("e-mail/cancelar", "routes/e-mail.cancelar.tsx"),
  route("auth/sair", "routes/auth.sair.ts"),
  // Photos the browser uploads before their form is sent (docs/decisions/0029), under /auth so
  // the sign-up draft's cookie (Path=/auth) comes along.
  route("auth/fotos", "routes/auth.fotos.ts"),
  route("auth/fotos/:token", "routes/auth.fotos.$token.ts"),
  route("admin/login", "routes/admin.login.tsx"),
  layout("routes/_admin.tsx", [
    route("admin", "routes/admin._index.ts"),
    route("admin/dashboard", "routes/admin.dashboard.tsx"),
    route("admin/auditoria.csv", "routes/admin.auditoria.csv.ts"),
  ]),
  // "Minha área" before the header knows whose (ADR 0053): each person to their own home.
  route("app", "routes/app._index.ts"),
  // Either profile, volunteer or institution.
  layout("routes/_member.tsx", [
    route("app/atualizar-senha", "routes/app.atualizar-senha.tsx"),
    route("app/seja-voluntario", "routes/app.seja-voluntario.tsx"),
    route("app/meus-dados", "routes/app.meus-dados.tsx"),
    route("app/e-mails", "routes/app.e-mails.tsx"),
    route("app/meus-dados/arquivo", "routes/app.meus-dados.arquivo.ts"),
    // Termos de adesão (issue 16, ADR 0049): whoever applied or joined, of either profile.
    route("app/termos", "routes/app.termos.tsx"),
    route("app/termos/:id", "routes/app.termos.$id.tsx"),
    route("app/termos/:id/termo.pdf", "routes/app.termos.$id.termo[.]pdf.ts"),
    // The holder's or the institution's own certificate (ADR 0052); anyone else gets a 404.
    route(
      "app/certificados/:id/certificado.pdf",
      "routes/app.certificados.$id.certificado[.]pdf.ts",
    ),
  ]),
  layout("routes/_volunteer.tsx", [
    route("app/voluntario", "routes/app.voluntario.tsx"),
    route("app/atualizar-voluntario", "routes/app.atualizar-voluntario.tsx"),
    route("app/jornada", "routes/app.jornada.tsx"),
    route("app/certificados", "routes/app.certificados.tsx"),
  ]),
  layout("routes/_institution.tsx", [
    route("app/instituicao", "routes/app.instituicao.tsx"),
    route("app/instituicao/previa", "routes/app.instituicao.previa.tsx"),
    // The team (issue 41): every member sees it; a responsável changes it.
    route("app/instituicao/equipe", "routes/app.instituicao.equipe.tsx"),
    route("app/atualizar-instituicao", "routes/app.atualizar-instituicao.tsx"),
    route("app/instituicao/termos", "routes/app.instituicao.termos.tsx"),
    route(
      "app/instituicao/termos/:id/termo.pdf",
      "routes/app.instituicao.termos.$id.termo[.]pdf.ts",
    ),
    route("app/instituicao/certificados", "routes/app.instituicao.certificados.tsx"),
    route(
      "app/instituicao/certificados/:id/revogar",
      "routes/app.instituicao.certificados.$id.revogar.tsx",
    ),
    layout("routes/_approved-institution.tsx", [
      route("app/novo-evento", "routes/app.novo-evento.tsx"),
      route("app/instituicao/horas", "routes/app.instituicao.horas.tsx"),
      route("app/eventos/:id/editar", "routes/app.eventos.$id.editar.tsx"),
      route("app/eventos/:id/participantes", "routes/app.eventos.$id.participantes.tsx"),
      route("app/eventos/:id/participantes.csv", "routes/app.eventos.$id.participantes[.]csv.ts"),
      route("app/eventos/:id/mensagem", "routes/app.eventos.$id.mensagem.tsx"),
      route("app/eventos/:id/horas", "routes/app.eventos.$id.horas.tsx"),
    ]),
  ]),
  // An invitation to an institution's team (issue 41): whoever opens it, signed in or not.
  route("convite/:token", "routes/convite.$token.tsx"),
  // A minor's guardian consents through an e-mailed link, without an account (ADR 0050).
  route("responsavel/:token", "routes/responsavel.$token.tsx"),
  route("imagens/:id", "routes/imagens.$id.ts"),
  route("instituicoes", "routes/instituicoes.tsx"),
  route("instituicoes/:id", "routes/instituicoes.$id.tsx"),
  route("eventos", "routes/eventos.tsx"),
  route("eventos/:id", "routes/eventos.$id.tsx"),
  route("eventos/:id/calendario.ics", "routes/eventos.$id.calendario.ts"),
  route("certificados", "routes/certificados.tsx"),
  route("certificados/:codigo", "routes/certificados.$codigo.tsx"),
  route("termos-de-uso", "routes/termos-de-uso.tsx"),
  route("politicas-de-privacidade", "routes/politicas-de-privacidade.tsx"),
  route("api/instituicoes", "routes/api.instituicoes.ts"),
  route("api/eventos", "routes/api.eventos.ts"),
  // The header's person on the pages every signed-in person shares (ADR 0053).
  route("api/sessao", "routes/api.sessao.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  ...(process.env.NODE_ENV === "production" ? [] : developmentRoutes),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
