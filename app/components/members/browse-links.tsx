import { ActionCard } from "~/components/ui/action-card";
import { cx } from "~/components/ui/class-names";
import { BuildingIcon, CalendarIcon } from "~/components/ui/icons";

/** An area home's way out to the public lists: "Ver instituições" and "Ver eventos". */
export function BrowseLinks({ className }: { className?: string }) {
  return (
    <nav aria-label="Explorar" className={cx("grid gap-3 sm:grid-cols-2", className)}>
      <ActionCard
        to="/instituicoes"
        icon={<BuildingIcon />}
        title="Ver instituições"
        description="Encontre uma causa para apoiar"
      />
      <ActionCard
        to="/eventos"
        icon={<CalendarIcon />}
        title="Ver eventos"
        description="Ações solidárias com data marcada"
      />
    </nav>
  );
}
