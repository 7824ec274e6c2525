import { useId } from "react";
import { buttonStyles } from "~/components/ui/button-styles";
import { LinkIcon, MessageIcon, ShareIcon } from "~/components/ui/icons";
import { useToast } from "~/components/ui/toast";
import { useHydrated } from "~/components/ui/use-hydrated";

/** A wa.me link opens WhatsApp (app or web) with the text ready to send to anyone. */
export function whatsappShareUrl(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

const SHARE_BUTTON = buttonStyles({ variant: "secondary", size: "sm" });

/**
 * "Compartilhar" on the institution and event pages: WhatsApp (a plain link, works without
 * JavaScript), "Copiar link" and, where the browser has one (phones), its own share sheet. The
 * two buttons appear once the page runs in the browser, so no control is shown that would do
 * nothing. Link previews come from the page's Open Graph tags.
 */
export function ShareLinks({ url, title, text }: { url: string; title: string; text: string }) {
  const headingId = useId();
  const hydrated = useHydrated();
  const toast = useToast();
  const canShare = hydrated && typeof navigator.share === "function";

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link copiado.");
    } catch {
      toast.error("Não foi possível copiar o link. Copie o endereço na barra do navegador.");
    }
  }

  async function openShareSheet() {
    try {
      await navigator.share({ title, text, url });
    } catch (error) {
      // Closing the sheet is not an error; anything else falls back to copying the link.
      if ((error as Error).name !== "AbortError") await copyLink();
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-line pt-5">
      <h2 id={headingId} className="text-base font-bold text-ink">
        Compartilhar
      </h2>
      <div className="flex flex-wrap gap-2">
        <a
          href={whatsappShareUrl(text, url)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Compartilhar no WhatsApp (abre em nova aba)"
          className={SHARE_BUTTON}
        >
          <MessageIcon className="size-4" />
          WhatsApp
        </a>
        {hydrated ? (
          <button type="button" onClick={copyLink} className={SHARE_BUTTON}>
            <LinkIcon className="size-4" />
            Copiar link
          </button>
        ) : null}
        {canShare ? (
          <button type="button" onClick={openShareSheet} className={SHARE_BUTTON}>
            <ShareIcon className="size-4" />
            Mais opções
          </button>
        ) : null}
      </div>
    </section>
  );
}
