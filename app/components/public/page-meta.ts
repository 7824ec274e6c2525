import type { MetaDescriptor } from "react-router";
import type { PublicConfig } from "~/config/public-config.server";

const FALLBACK_APP_NAME = "Conecta Voluntário";
/** Shared by every page that has no picture of its own (public/og-image.png, 1200 x 630). */
const DEFAULT_SHARE_IMAGE = "/og-image.png";

interface PageMetaInput {
  /** The root loader's configuration: `matches[0]?.loaderData?.config`. */
  config: PublicConfig | undefined;
  /** The page's own title; the product name is appended. */
  title: string;
  description: string;
  /** Path (and query) of the canonical URL, e.g. "/instituicoes?pagina=2". */
  path: string;
  /** A site path ("/imagens/…") of the picture that represents the page when shared. */
  image?: string | null;
  type?: "website" | "article";
}

/** An absolute URL on the configured public origin (BASE_URL). */
export function absoluteUrl(config: PublicConfig | undefined, path: string): string {
  return new URL(path, config?.baseUrl || "http://localhost").toString();
}

/**
 * What every public page tells search engines and link previews: title, description, canonical
 * URL and Open Graph tags, all absolute on BASE_URL so they survive being copied elsewhere.
 */
export function publicPageMeta({
  config,
  title,
  description,
  path,
  image,
  type = "website",
}: PageMetaInput): MetaDescriptor[] {
  const appName = config?.appName || FALLBACK_APP_NAME;
  const fullTitle = `${title} | ${appName}`;
  const url = absoluteUrl(config, path);
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: appName },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: absoluteUrl(config, image || DEFAULT_SHARE_IMAGE) },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

/** For error and not-found states: a title, and nothing for search engines to keep. */
export function notFoundMeta(config: PublicConfig | undefined): MetaDescriptor[] {
  const appName = config?.appName || FALLBACK_APP_NAME;
  return [{ title: `Página não encontrada | ${appName}` }, { name: "robots", content: "noindex" }];
}

/** A description of at most ~160 characters, cut at a word. */
export function clampDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[,.;:]$/, "")}…`;
}
