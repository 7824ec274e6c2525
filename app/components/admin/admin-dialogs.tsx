import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Result } from "~/admin/admin-url";
import { REASON_DETAILS_MAX } from "~/admin/review-reasons";
import { buttonStyles } from "../ui/button-styles";
import { ErrorMessage } from "../ui/error-message";
import { PrimaryButton } from "../ui/primary-button";
import { RadioGroup } from "../ui/radio-group";
import { TextArea } from "../ui/text-area";
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
  /** A rejection asks why: the common reasons by code (REVIEW_REASONS), "outro" among them. */
  reasons?: Readonly<Record<string, string>>;
}

/** What a refused rejection sent, to show again with the message (nothing typed is lost). */
export interface ReasonRetry {
  message: string;
  motivo: string;
  detalhes: string;
}

/** "Are you sure?" before any admin action: cancel goes back, confirm posts the action. */
export function ConfirmDialog({
  spec,
  cancelHref,
  retry,
}: {
  spec: ConfirmSpec;
  cancelHref: string;
  retry?: ReasonRetry | null;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === spec.intent;
  const cancel = (
    <Link
      to={cancelHref}
      replace
      preventScrollReset
      className={buttonStyles({ variant: "secondary", size: "sm" })}
    >
      Cancelar
    </Link>
  );
  const hidden = (
    <>
      <input type="hidden" name="intent" value={spec.intent} />
      <input type="hidden" name="id" value={spec.id} />
      {Object.entries(spec.fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
  const confirm = (
    <PrimaryButton size="sm" variant={spec.danger ? "danger" : "primary"} loading={busy}>
      {spec.confirmLabel}
    </PrimaryButton>
  );
  if (spec.reasons) {
    return (
      <ModalDialog title={spec.title} description={spec.description} closeHref={cancelHref} wide>
        <Form method="post" preventScrollReset className="w-full">
          {hidden}
          <ReasonFields
            reasons={spec.reasons}
            retry={retry ?? null}
            legend={spec.intent === "recusar-nome" ? "Motivo da recusa" : "Motivo da reprovação"}
          />
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            {cancel}
            {confirm}
          </div>
        </Form>
      </ModalDialog>
    );
  }
  return (
    <ModalDialog title={spec.title} description={spec.description} closeHref={cancelHref}>
      {cancel}
      <Form method="post" preventScrollReset>
        {hidden}
        {confirm}
      </Form>
    </ModalDialog>
  );
}

function ReasonFields({
  reasons,
  retry,
  legend,
}: {
  reasons: Readonly<Record<string, string>>;
  retry: ReasonRetry | null;
  legend: string;
}) {
  const [choice, setChoice] = useState(retry?.motivo ?? "");
  const other = choice === "outro";
  return (
    <div className="flex flex-col gap-4 text-left">
      {retry ? <ErrorMessage message={retry.message} /> : null}
      <RadioGroup
        name="motivo"
        legend={legend}
        layout="list"
        required
        options={Object.entries(reasons).map(([value, label]) => ({ value, label }))}
        // Uncontrolled, so a choice made before hydration survives it; the state only labels
        // the text box.
        defaultValue={retry?.motivo}
        onChange={setChoice}
      />
      <TextArea
        name="detalhes"
        label={other ? "Descreva o motivo" : "Detalhes para a instituição (opcional)"}
        hint="A instituição lê este texto no e-mail e na área dela."
        maxLength={REASON_DETAILS_MAX}
        rows={3}
        required={other}
        defaultValue={retry?.detalhes ?? ""}
      />
    </div>
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
    message: "A reprovação foi registrada e a instituição recebeu o motivo por e-mail.",
  },
  "nome-aprovado": {
    title: "Aprovado!",
    message: "O novo nome já aparece no site e a instituição foi avisada por e-mail.",
  },
  "nome-recusado": {
    title: "Recusado!",
    message: "O site continua com o nome anterior e a instituição recebeu o motivo por e-mail.",
  },
  "configuracao-salva": { title: "Salvo!", message: "Configuração salva." },
  reaberto: {
    title: "Reaberto!",
    message:
      "A análise foi reaberta: o registro voltou para Pendentes e não aparece no site até uma nova decisão.",
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
      <CloseButton href={closeHref} />
    </ModalDialog>
  );
}

/** The "Erro" dialog with the server's text (a failed status update or deletion). */
export function ErrorDialog({ message, closeHref }: { message: string; closeHref: string }) {
  return (
    <ModalDialog title="Erro" description={message} closeHref={closeHref} tone="danger">
      <CloseButton href={closeHref} />
    </ModalDialog>
  );
}

/**
 * "OK" closes the dialog: a button (issue 14), in a GET form to the same address without the
 * dialog, so it also works before hydration.
 */
function CloseButton({ href }: { href: string }) {
  const url = new URL(href, "http://admin.local");
  return (
    <Form method="get" action={url.pathname} replace preventScrollReset>
      {[...url.searchParams].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={buttonStyles({ size: "sm" })}>
        OK
      </button>
    </Form>
  );
}
