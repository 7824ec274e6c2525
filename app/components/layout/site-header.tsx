import { Link } from "react-router";

export function SiteHeader() {
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="text-lg font-bold text-brand-800">
          Conecta Voluntário
        </Link>
        <nav aria-label="Conta" className="flex items-center gap-2">
          <Link to="/auth/login" className="rounded-lg px-3 py-2 font-semibold text-brand-800">
            Entrar
          </Link>
          <Link
            to="/auth/cadastro"
            className="rounded-lg bg-brand-700 px-3 py-2 font-semibold text-white"
          >
            Cadastre-se
          </Link>
        </nav>
      </div>
    </header>
  );
}
