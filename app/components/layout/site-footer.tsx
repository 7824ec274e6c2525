import { Link } from "react-router";
import { usePublicConfig } from "~/components/layout/use-public-config";
import { LogoMark } from "./logo-mark";

// 44 px tall: a finger's target on a phone (the links sit in a list, not in running text).
const linkStyle =
  "inline-flex min-h-11 items-center rounded text-brand-100 underline-offset-4 hover:text-white hover:underline focus-visible:outline-brand-300";

/** Product name, legal links and the current year (SPEC: the footer shows the current year). */
export function SiteFooter() {
  const { appName } = usePublicConfig();
  return (
    <footer className="bg-brand-950 text-brand-100">
      <div className="mx-auto flex max-w-page flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <LogoMark className="size-10" />
          <div>
            <p className="font-bold text-white">{appName}</p>
            <p className="text-sm text-brand-200">
              Conectando voluntários a instituições beneficentes.
            </p>
          </div>
        </div>
        <nav aria-label="Documentos legais">
          <ul className="flex flex-col gap-1 text-sm sm:flex-row sm:gap-6">
            <li>
              <Link to="/termos-de-uso" className={linkStyle}>
                Termos de uso
              </Link>
            </li>
            <li>
              <Link to="/politicas-de-privacidade" className={linkStyle}>
                Política de privacidade
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-page px-4 py-4 text-sm text-brand-200">
          © {new Date().getFullYear()} {appName}
        </p>
      </div>
    </footer>
  );
}
