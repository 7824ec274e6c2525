import { Form, Link, useNavigation } from "react-router";
import type { Result } from "~/admin/admin-url";
import { buttonStyles } from "../ui/button-styles";
import { PrimaryButton } from "../ui/primary-button";
import { ModalDialog } from "./modal-dialog";

export interface ConfirmSpec {
  title: string;
  description: string;
  confirmLabel: string;
  intent: string;
  id: string;
  danger?: boolean;
  /** Extra hidden fields (e.g. where a password reset was asked from). */
  fields?: Record<string, string>;
}

/** "Are you sure?" before any admin action: cancel goes back, confirm posts the action. */
export function ConfirmDialog({ spec, cancelHref }: { spec: ConfirmSpec; cancelHref: string }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === spec.intent;
  return (
    <ModalDialog title={spec.title} description={spec.description} closeHref={cancelHref}>
      <Link
        to={cancelHref}
        replace
        preventScrollReset
        className={buttonStyles({ variant: "secondary", size: "sm" })}
      >
        Cancelar
      </Link>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value={spec.intent} />
        <input type="hidden" name="id" value={spec.id} />
        {Object.entries(spec.fields ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <PrimaryButton size="sm" variant={spec.danger ? "danger" : "primary"} loading={busy}>
          {spec.confirmLabel}
        </PrimaryButton>
      </Form>
    </ModalDialog>
  );
}

/** docs/spec.md 8: the success dialogs ("Aprovado!", "Reprovado!", "Excluído!"). */
const RESULT_DIALOGS: Partial<Record<Result, { title: string; message: string }>> = {
  aprovado: {
    title: "Aprovado!",
    message: "A aprovação foi registrada e a instituição foi avisada por e-mail.",
  },
  reprovado: {
    title: "Reprovado!",
    message: "A reprovação foi registrada e a instituição foi avisada por e-mail.",
  },
  excluido: { title: "Excluído!", message: "O evento foi excluído e não aparece mais no site." },
  "voluntario-excluido": { title: "Excluído!", message: "Voluntário excluído com sucesso." },
  "instituicao-excluida": { title: "Excluído!", message: "Instituição excluída com sucesso!" },
};

export function ResultDialog({ result, closeHref }: { result: Result; closeHref: string }) {
  const dialog = RESULT_DIALOGS[result];
  if (!dialog) return null;
  return (
    <ModalDialog
      title={dialog.title}
      description={dialog.message}
      closeHref={closeHref}
      tone="success"
    >
      <CloseLink href={closeHref} />
    </ModalDialog>
  );
}

/** The "Erro" dialog with the server's text (a failed status update or deletion). */
export function ErrorDialog({ message, closeHref }: { message: string; closeHref: string }) {
  return (
    <ModalDialog title="Erro" description={message} closeHref={closeHref} tone="danger">
      <CloseLink href={closeHref} />
    </ModalDialog>
  );
}

function CloseLink({ href }: { href: string }) {
  return (
    <Link to={href} replace preventScrollReset className={buttonStyles({ size: "sm" })}>
      OK
    </Link>
  );
}
