import { ActionCard } from "~/components/ui/action-card";
import { ShieldIcon } from "~/components/ui/icons";

/** "Meus dados" in every member menu: download the data the platform holds, or delete the account. */
export function MyDataCard() {
  return (
    <ActionCard
      to="/app/meus-dados"
      icon={<ShieldIcon />}
      title="Meus dados"
      description="Baixar seus dados ou excluir a conta"
    />
  );
}
