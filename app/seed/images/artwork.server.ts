import type { CauseKey } from "../content/causes.server";

/**
 * SVG artwork for demo images, rendered by sharp (images/render.server.ts): gradient logos with
 * initials, cover banners with soft shapes and the cause's pictogram, and person silhouettes.
 * Shapes are plain paths so the art does not depend on installed fonts; only the initials are
 * text, and a machine without fonts still gets the coloured logo.
 */
export interface Palette {
  from: string;
  to: string;
}

export const PALETTES: readonly Palette[] = [
  { from: "#0d9488", to: "#5eead4" },
  { from: "#2563eb", to: "#93c5fd" },
  { from: "#d97706", to: "#fcd34d" },
  { from: "#db2777", to: "#f9a8d4" },
  { from: "#16a34a", to: "#86efac" },
  { from: "#dc2626", to: "#fca5a5" },
  { from: "#ea580c", to: "#fdba74" },
  { from: "#4338ca", to: "#a5b4fc" },
  { from: "#7c3aed", to: "#c4b5fd" },
  { from: "#0891b2", to: "#67e8f9" },
];

/** The palette each cause is usually drawn with (indexes into PALETTES). */
export const CAUSE_PALETTE: Record<CauseKey, number> = {
  educacao: 1,
  animais: 2,
  idosos: 3,
  "meio-ambiente": 4,
  saude: 5,
  fome: 6,
  esporte: 7,
  cultura: 8,
};

/** Pictograms in a 100x100 box: white shapes, with details in `ink` (the palette's dark end). */
function pictogram(cause: CauseKey, ink: string): string {
  switch (cause) {
    case "educacao":
      return `<path d="M50 28C40 20 24 20 12 24V78C24 74 40 74 50 82C60 74 76 74 88 78V24C76 20 60 20 50 28Z" fill="#fff"/><path d="M50 30V80" stroke="${ink}" stroke-width="3"/>`;
    case "animais":
      return `<ellipse cx="50" cy="68" rx="19" ry="15" fill="#fff"/><circle cx="26" cy="46" r="8" fill="#fff"/><circle cx="41" cy="32" r="8" fill="#fff"/><circle cx="59" cy="32" r="8" fill="#fff"/><circle cx="74" cy="46" r="8" fill="#fff"/>`;
    case "idosos":
      return `<path d="M50 84C20 62 10 46 10 34C10 22 20 14 31 14C40 14 46 19 50 26C54 19 60 14 69 14C80 14 90 22 90 34C90 46 80 62 50 84Z" fill="#fff"/>`;
    case "meio-ambiente":
      return `<path d="M18 82C18 42 44 18 86 14C82 56 60 82 18 82Z" fill="#fff"/><path d="M20 80L68 32" stroke="${ink}" stroke-width="3" stroke-linecap="round"/>`;
    case "saude":
      return `<path d="M40 14H60V40H86V60H60V86H40V60H14V40H40Z" fill="#fff"/>`;
    case "fome":
      return `<path d="M12 50H88C88 72 72 86 50 86C28 86 12 72 12 50Z" fill="#fff"/><path d="M38 40C32 32 44 26 38 16M54 40C48 32 60 26 54 16M70 40C64 32 76 26 70 16" stroke="#fff" stroke-width="4" fill="none" stroke-linecap="round"/>`;
    case "esporte":
      return `<circle cx="50" cy="50" r="36" fill="#fff"/><path d="M50 14C38 30 38 70 50 86M14 50C30 40 70 40 86 50M22 26C36 36 64 36 78 26M22 74C36 64 64 64 78 74" stroke="${ink}" stroke-width="3" fill="none"/>`;
    case "cultura":
      return `<path d="M40 72V24L80 16V64" stroke="#fff" stroke-width="8" fill="none" stroke-linejoin="round"/><circle cx="31" cy="73" r="11" fill="#fff"/><circle cx="71" cy="65" r="11" fill="#fff"/>`;
  }
}

function gradient(palette: Palette, x2: number, y2: number): string {
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>`;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function logoSvg(initials: string, cause: CauseKey, palette: Palette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">${gradient(palette, 1, 1)}
<rect width="400" height="400" fill="url(#bg)"/>
<circle cx="340" cy="60" r="130" fill="#fff" fill-opacity="0.13"/>
<circle cx="40" cy="370" r="100" fill="#fff" fill-opacity="0.10"/>
<g transform="translate(160 262) scale(0.8)" opacity="0.6">${pictogram(cause, palette.from)}</g>
<text x="200" y="228" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-weight="700" font-size="140" letter-spacing="-4" fill="#fff">${escapeXml(initials)}</text>
</svg>`;
}

/** A banner: the variant moves the soft shapes so covers of one cause still differ. */
export function coverSvg(cause: CauseKey, palette: Palette, variant: number): string {
  const shift = (variant % 4) * 90;
  const dots = Array.from({ length: 24 }, (_, index) => {
    const x = 70 + (index % 6) * 34 + shift / 3;
    const y = 70 + Math.floor(index / 6) * 34;
    return `<circle cx="${x}" cy="${y}" r="5" fill="#fff" fill-opacity="0.22"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="444" viewBox="0 0 1200 444">${gradient(palette, 1, 0.4)}
<rect width="1200" height="444" fill="url(#bg)"/>
<circle cx="${1080 - shift}" cy="40" r="280" fill="#fff" fill-opacity="0.10"/>
<circle cx="${180 + shift}" cy="470" r="220" fill="#fff" fill-opacity="0.09"/>
${dots}
<path d="M0 ${350 - shift / 6}C200 ${290 + shift / 4} 420 420 640 372C860 324 1000 ${392 - shift / 5} 1200 340V444H0Z" fill="#fff" fill-opacity="0.16"/>
<path d="M0 400C260 360 520 440 780 404C960 380 1080 ${410 - shift / 8} 1200 396V444H0Z" fill="#fff" fill-opacity="0.14"/>
<circle cx="${880 - shift / 2}" cy="200" r="128" fill="#fff" fill-opacity="0.2"/>
<g transform="translate(${880 - shift / 2 - 80} 120) scale(1.6)">${pictogram(cause, palette.from)}</g>
</svg>`;
}

/** A person silhouette on a soft background, for volunteer photos. */
export function avatarSvg(palette: Palette): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">${gradient(palette, 0, 1)}
<rect width="400" height="400" fill="url(#bg)"/>
<circle cx="200" cy="158" r="74" fill="#fff" fill-opacity="0.92"/>
<path d="M64 400C64 300 128 252 200 252C272 252 336 300 336 400Z" fill="#fff" fill-opacity="0.92"/>
</svg>`;
}
