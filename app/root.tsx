import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteError,
} from "react-router";
import { ErrorState } from "~/components/layout/error-state";
import { FlashMessage } from "~/components/layout/flash-message";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { useHeaderUser } from "~/components/layout/use-header-user";
import { usePublicConfig } from "~/components/layout/use-public-config";
import { ToastProvider } from "~/components/ui/toast";
import { publicConfig } from "~/config/public-config.server";
import { useNonce } from "~/lib/nonce";
import { clearFlashCookie, readFlash } from "~/web/flash.server";
import { headerPersonOf } from "~/web/header-person.server";
import { privateCachingMiddleware } from "~/web/private-caching.server";
import { sharedMemberPageContext } from "~/web/request-context.server";
import { sessionContext, sessionMiddleware } from "~/web/session.server";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/**
 * Reads the session once per request for every route below (guards, header), and says who may
 * keep a copy of the answer (private-caching.server.ts).
 */
export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, privateCachingMiddleware];

/**
 * What every page shows: configuration (product name, contact e-mail; never secrets), the
 * signed-in person for the header (or, on a page every member shares, that the browser asks for
 * them apart: ADR 0053), and a one-shot message left by the last action.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(sessionContext);
  const flash = readFlash(request);
  return data(
    {
      config: publicConfig(),
      headerUser: user ? await headerPersonOf(user) : null,
      headerUserApart: context.get(sharedMemberPageContext),
      flash,
    },
    flash ? { headers: { "Set-Cookie": clearFlashCookie() } } : undefined,
  );
}

// The session only changes through form posts (sign-in, sign-up, logout): plain navigations
// need not ask for the header and configuration again.
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        {/* The only render-blocking file. With a precedence React writes it before the script
            preloads it hoists into <head>; after them, on a phone's few connections, the
            stylesheet waited behind ~130 KB of scripts that are not needed for the first paint. */}
        <link rel="stylesheet" href={appStylesheet} precedence="default" />
        {/* Links need no nonce (style-src allows inline styles); without an explicit empty one
            they would take the server's nonce, which the client cannot know (a hydration
            mismatch on every page). */}
        <Links nonce="" />
      </head>
      <body className="flex min-h-dvh flex-col bg-surface text-ink antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const headerUser = useHeaderUser();
  // Sign-in, sign-up and password pages bring their own header and <main> (route handle).
  const bare = useMatches().some(
    (match) => (match.handle as RouteHandle | undefined)?.layout === "bare",
  );
  return (
    <ToastProvider position="top-right">
      <FlashMessage flash={loaderData.flash} />
      {bare ? (
        <Outlet />
      ) : (
        <>
          <SiteHeader user={headerUser} />
          <Main>
            <Outlet />
          </Main>
        </>
      )}
      <SiteFooter />
    </ToastProvider>
  );
}

export interface RouteHandle {
  layout?: "bare";
}

/** The skip link's target; focusable so "Pular para o conteúdo" moves focus, not just scroll. */
function Main({ children }: { children: React.ReactNode }) {
  return (
    <main id="conteudo" tabIndex={-1} className="flex-1 focus:outline-none">
      {children}
    </main>
  );
}

const REFUSED = "Esta página não aceita esse envio. Volte à página anterior e tente de novo.";

/** Never shows error details: those are logged on the server (entry.server handleError). */
export function ErrorBoundary() {
  const error = useRouteError();
  const { appName } = usePublicConfig();
  // The signed-in person, when the root loader ran (an error below it): the header stays theirs.
  const headerUser = useHeaderUser();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A post the server refused (unreadable form, a page without a form): say so, not "try later".
  const refused = isRouteErrorResponse(error) && error.status >= 400 && error.status < 500;
  if (refused && !notFound) {
    return (
      <>
        <title>{`Envio recusado | ${appName}`}</title>
        <SiteHeader user={headerUser} />
        <Main>
          <ErrorState
            code={String(error.status)}
            variant="error"
            title="Envio recusado"
            message={typeof error.data === "string" && error.status === 400 ? error.data : REFUSED}
          />
        </Main>
        <SiteFooter />
      </>
    );
  }
  const title = notFound ? "Página não encontrada" : "Algo deu errado";
  return (
    <>
      <title>{`${title} | ${appName}`}</title>
      <SiteHeader user={headerUser} />
      <Main>
        {notFound ? (
          <ErrorState
            code="404"
            title={title}
            message="O endereço que você abriu não existe ou foi removido."
          />
        ) : (
          <ErrorState
            code="Erro"
            variant="error"
            title={title}
            message="Não foi possível carregar esta página agora. Tente novamente em alguns instantes."
          />
        )}
      </Main>
      <SiteFooter />
    </>
  );
}
