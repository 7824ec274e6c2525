const GROUPS: Array<{
  title: string;
  colors: Array<{ token: string; hex: string; dark?: boolean }>;
}> = [
  {
    title: "Marca",
    colors: [
      { token: "brand-50", hex: "#f0fdfa" },
      { token: "brand-100", hex: "#ccfbf1" },
      { token: "brand-300", hex: "#5eead4" },
      { token: "brand-500", hex: "#14b8a6" },
      { token: "brand-700", hex: "#0f766e", dark: true },
      { token: "brand-800", hex: "#115e59", dark: true },
      { token: "brand-950", hex: "#042f2e", dark: true },
    ],
  },
  {
    title: "Destaque e retorno",
    colors: [
      { token: "accent-100", hex: "#ffedd5" },
      { token: "accent-400", hex: "#fb923c" },
      { token: "accent-700", hex: "#c2410c", dark: true },
      { token: "success-700", hex: "#15803d", dark: true },
      { token: "danger-50", hex: "#fef2f2" },
      { token: "danger-700", hex: "#b91c1c", dark: true },
    ],
  },
  {
    title: "Neutras",
    colors: [
      { token: "surface", hex: "#f6f8f8" },
      { token: "line", hex: "#e5e7eb" },
      { token: "field", hex: "#7b8594", dark: true },
      { token: "ink-subtle", hex: "#6b7280", dark: true },
      { token: "ink-muted", hex: "#4b5563", dark: true },
      { token: "ink", hex: "#1f2937", dark: true },
    ],
  },
];

/**
 * The theme tokens of app/app.css as swatches (kept in step with it by hand). The "Aa" sample is
 * large bold text, for which 3:1 is enough: the field-border grey only reaches 3.7:1.
 */
export function PaletteSwatches() {
  return (
    <div className="flex flex-col gap-6">
      {GROUPS.map((group) => (
        <div key={group.title}>
          <h3 className="mb-3 text-sm font-semibold text-ink">{group.title}</h3>
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-7">
            {group.colors.map((color) => (
              <li key={color.token} className="overflow-hidden rounded-xl border border-line">
                <div
                  className="flex h-14 items-end p-2 text-xl leading-none font-bold"
                  style={{ backgroundColor: color.hex, color: color.dark ? "#fff" : "#1f2937" }}
                >
                  Aa
                </div>
                <div className="px-2 py-1.5">
                  <p className="truncate text-xs font-semibold text-ink">{color.token}</p>
                  <p className="text-xs text-ink-muted tabular-nums">{color.hex}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
