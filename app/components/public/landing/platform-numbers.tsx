import { groupThousands } from "~/lib/count-text";
import type { PlatformCounts } from "~/platform/platform-counts.server";

/** Each count's words, singular and plural ("1 voluntário", "2 voluntários"). */
const NUMBERS: { key: keyof PlatformCounts; one: string; many: string }[] = [
  { key: "volunteers", one: "voluntário", many: "voluntários" },
  { key: "institutions", one: "instituição", many: "instituições" },
  { key: "pastEvents", one: "evento realizado", many: "eventos realizados" },
  { key: "filledPlaces", one: "vaga preenchida", many: "vagas preenchidas" },
];

/**
 * "A plataforma em números": the real counts (ADR 0046). A count of zero is left out rather than
 * shown as "0 eventos realizados" on a young platform, and the band is left out when nothing is
 * left to show or the counts could not be read.
 */
export function PlatformNumbers({ counts }: { counts: PlatformCounts | null }) {
  const shown = counts ? NUMBERS.filter(({ key }) => counts[key] > 0) : [];
  if (!counts || shown.length === 0) return null;
  return (
    <section aria-labelledby="numeros-titulo" className="bg-white">
      <div className="mx-auto max-w-page px-4 py-10 sm:py-12">
        <h2
          id="numeros-titulo"
          className="text-center text-sm font-semibold tracking-wide text-brand-800 uppercase"
        >
          A plataforma em números
        </h2>
        <ul className="mt-6 flex flex-wrap justify-center gap-x-4 gap-y-6 sm:gap-x-10">
          {shown.map(({ key, one, many }) => (
            <li key={key} className="flex w-[calc(50%-0.5rem)] flex-col items-center sm:w-44">
              <span className="text-3xl font-extrabold tracking-tight text-brand-700 sm:text-4xl">
                {groupThousands(counts[key])}
              </span>{" "}
              <span className="mt-1 text-center text-sm font-medium text-ink-muted sm:text-base">
                {counts[key] === 1 ? one : many}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
