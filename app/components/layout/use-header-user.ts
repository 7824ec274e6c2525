import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { HeaderPerson } from "~/auth/session-user";
import type { HeaderUser } from "./site-header";

/** What the root loader says about the header's person (app/root.tsx). */
interface RootHeaderData {
  headerUser: HeaderPerson | null;
  /** The page is shared by every signed-in person: ask /api/sessao who this one is. */
  headerUserApart: boolean;
}

/**
 * The header's person on every page. Usually the root loader's; on a public page shared by every
 * signed-in person (ADR 0053) it is asked for once the page runs, and until it arrives (or when
 * the question fails) the header says only that someone is signed in. A session that ended
 * meanwhile turns the header back into "Entrar" / "Cadastre-se".
 */
export function useHeaderUser(): HeaderUser {
  const root = useRouteLoaderData<RootHeaderData>("root");
  const apart = root?.headerUserApart === true;
  const [asked, setAsked] = useState<HeaderPerson | null | undefined>(undefined);
  useEffect(() => {
    if (!apart) return;
    const controller = new AbortController();
    askWhoIsSignedIn(controller.signal).then(setAsked, () => undefined);
    return () => controller.abort();
  }, [apart]);
  if (!apart) return root?.headerUser ?? null;
  return asked === undefined ? "signed-in" : asked;
}

async function askWhoIsSignedIn(signal: AbortSignal): Promise<HeaderPerson | null> {
  const response = await fetch("/api/sessao", { headers: { Accept: "application/json" }, signal });
  if (!response.ok) throw new Error(`/api/sessao answered ${response.status}`);
  const body = (await response.json()) as { user: HeaderPerson | null };
  return body.user;
}
