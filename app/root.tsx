import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from "react-router";
import { ErrorState } from "~/components/layout/error-state";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { useNonce } from "~/lib/nonce";
import { publicConfig } from "~/config/public-config.server";
import type { Route } from "./+types/root";
import "./app.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/** Configuration the pages show (product name, contact e-mail); never secrets. */
export function loader() {
  return { config: publicConfig() };
}

// Configuration only changes with a restart: navigations need not ask for it again.
export const shouldRevalidate = () => false;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col bg-surface text-ink antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <SiteHeader />
      <main id="conteudo" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <SiteHeader />
      <main id="conteudo" className="flex-1">
        {notFound ? (
          <ErrorState
            code="404"
            title="Página não encontrada"
            message="O endereço que você abriu não existe ou foi removido."
          />
        ) : (
          <ErrorState
            code="Ops!"
            title="Algo deu errado"
            message="Não foi possível carregar esta página agora. Tente novamente em alguns instantes."
          />
        )}
      </main>
      <SiteFooter />
    </>
  );
}
