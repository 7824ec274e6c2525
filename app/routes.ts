import { index, type RouteConfig, route } from "@react-router/dev/routes";

// One line per route of SPEC.md section 2, plus the APIs and assets the pages use.
export default [
  index("routes/home.tsx"),
  route("auth/cadastro", "routes/auth.cadastro.tsx"),
  route("auth/login", "routes/auth.login.tsx"),
  route("auth/esqueci-minha-senha", "routes/auth.esqueci-minha-senha.tsx"),
  route("auth/resetar-senha", "routes/auth.resetar-senha.tsx"),
  route("auth/sair", "routes/auth.sair.ts"),
  route("admin/login", "routes/admin.login.tsx"),
  route("admin", "routes/admin._index.ts"),
  route("admin/dashboard", "routes/admin.dashboard.tsx"),
  route("app/voluntario", "routes/app.voluntario.tsx"),
  route("app/instituicao", "routes/app.instituicao.tsx"),
  route("app/atualizar-senha", "routes/app.atualizar-senha.tsx"),
  route("app/seja-voluntario", "routes/app.seja-voluntario.tsx"),
  route("api/localidades/estados", "routes/api.estados.ts"),
  route("api/localidades/estados/:uf/municipios", "routes/api.municipios.ts"),
  route("imagens/:id", "routes/imagens.$id.ts"),
  route("dev/componentes", "routes/dev.componentes.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
