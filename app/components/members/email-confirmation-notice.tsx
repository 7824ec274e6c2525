import { Form } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { EmailText } from "~/components/ui/email-text";

/**
 * The member area's notice while the account's address waits for confirmation (ADR 0069), with
 * "Reenviar e-mail de confirmação" as a real form post to the e-mail preferences page.
 */
export function EmailConfirmationNotice({ email }: { email: string }) {
  return (
    <section
      aria-labelledby="confirmar-email"
      className="mt-6 flex flex-col gap-3 rounded-2xl border border-accent-300 bg-accent-50 p-4 sm:p-5"
    >
      <h2 id="confirmar-email" className="text-lg font-bold text-ink">
        Confirme seu e-mail
      </h2>
      <p className="text-ink-muted">
        Enviamos um link de confirmação para <EmailText email={email} />. Até você confirmar, só
        enviamos para esse endereço o que você mesmo pedir (como a redefinição de senha): avisos de
        eventos e mensagens das instituições esperam a confirmação.
      </p>
      <Form method="post" action="/app/e-mails">
        <input type="hidden" name="intent" value="reenviar" />
        <button type="submit" className={buttonStyles({ variant: "secondary", size: "sm" })}>
          Reenviar e-mail de confirmação
        </button>
      </Form>
    </section>
  );
}
