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
  const apart = root?.headerUserApart;
  const [asked, setAsked] = useState<HeaderUser>("signed-in");
  // Asked once per document: `apart` only changes when the root loader runs again (after a
  // form post), and then it is false and the answer no longer shown, so no answer is cancelled.
  useEffect(() => {
    if (!apart) return;
    fetch("/api/sessao")
      .then((response) => response.json())
      .then(
        (body: { user: HeaderPerson | null }) => setAsked(body.user),
        () => undefined,
      );
  }, [apart]);
  return apart ? asked : (root?.headerUser ?? null);
}
