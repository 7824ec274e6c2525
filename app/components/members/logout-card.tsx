import { Form } from "react-router";
import { ActionCard } from "~/components/ui/action-card";
import { LogOutIcon } from "~/components/ui/icons";

/** "Sair" as a menu card: logging out changes state, so it is a POST. */
export function LogoutCard() {
  return (
    <Form method="post" action="/auth/sair">
      <ActionCard
        type="submit"
        icon={<LogOutIcon />}
        title="Sair"
        description="Encerrar a sessão neste aparelho"
        tone="danger"
      />
    </Form>
  );
}
