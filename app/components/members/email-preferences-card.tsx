import { ActionCard } from "~/components/ui/action-card";
import { MailIcon } from "~/components/ui/icons";

/** "E-mails" in every member menu: which optional e-mails to receive (ADR 0068). */
export function EmailPreferencesCard() {
  return (
    <ActionCard
      to="/app/e-mails"
      icon={<MailIcon />}
      title="E-mails"
      description="Escolha os avisos que você recebe"
    />
  );
}
