import { Link } from "react-router";

export function SiteFooter() {
  return (
    <footer className="border-t border-line bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-ink-muted sm:flex-row sm:justify-between">
        <p>© {new Date().getFullYear()} Conecta Voluntário</p>
        <nav aria-label="Documentos legais" className="flex gap-4">
          <Link to="/termos-de-uso">Termos de uso</Link>
          <Link to="/politicas-de-privacidade">Política de privacidade</Link>
        </nav>
      </div>
    </footer>
  );
}
