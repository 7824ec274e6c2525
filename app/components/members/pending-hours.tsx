import { Form, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { ErrorMessage } from "~/components/ui/error-message";
import { PrimaryButton } from "~/components/ui/primary-button";
import { TextArea } from "~/components/ui/text-area";
import type { FormError } from "~/forms/form-validation";
import { formatMinutes } from "~/hours/hours-format";
import { HOURS_LIMITS } from "~/hours/hours-limits";
import type { PendingHours } from "~/hours/ongoing-hours.server";
import { MemberForm } from "./member-form";

const loadSchemas = () => import("~/hours/hours-schema");

/** The bulk decline's form: each row's checkbox belongs to it through the `form` attribute. */
const BULK_FORM = "recusar-varias";

/**
 * Hours volunteers logged, waiting for the institution: "Aprovar" in one tap; "Recusar" opens
 * (a <details>, so without JavaScript too) a reason the volunteer will read. Many rows are
 * declined at once with one reason: the checked ones, or every row shown (ADR 0070).
 */
export function PendingHoursList({
  pending,
  failed,
  failedBulk,
}: {
  pending: PendingHours[];
  /** The decline that failed validation: its row opens again with the typed reason. */
  failed?: { id: string; reason: string; error: FormError } | null;
  /** The bulk decline that failed: its checked rows and reason come back. */
  failedBulk?: { ids: string[]; reason: string; error: FormError } | null;
}) {
  const busy = useNavigation().state === "submitting";
  if (pending.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line bg-white p-6 text-center text-ink-muted">
        Nenhuma hora aguardando aprovação.
      </p>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-3">
        {pending.map((row) => {
          const mine = failed?.id === row.id ? failed : null;
          return (
            <li key={row.id} className="rounded-2xl border border-line bg-white p-4 shadow-card">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <label className="flex min-h-11 min-w-0 items-center gap-3">
                  <input
                    type="checkbox"
                    name="ids"
                    value={row.id}
                    form={BULK_FORM}
                    defaultChecked={failedBulk?.ids.includes(row.id) ?? false}
                    className="size-5 shrink-0 accent-brand-700 focus-ring"
                  />
                  <span className="font-semibold break-words text-ink">{row.name}</span>
                  <span className="sr-only">
                    , {row.month}: selecionar para recusar junto com outras
                  </span>
                </label>
                <p className="text-sm font-semibold text-ink">
                  {formatMinutes(row.minutes)} · {row.month}
                </p>
              </div>
              <p className="mt-1 text-sm break-words text-ink-muted">{row.description}</p>
              <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
                <Form method="post" className="sm:w-40">
                  <input type="hidden" name="intent" value="approve" />
                  <input type="hidden" name="id" value={row.id} />
                  <PrimaryButton fullWidth size="md" loading={busy}>
                    Aprovar
                    <span className="sr-only"> horas de {row.name}</span>
                  </PrimaryButton>
                </Form>
                <details className="group flex-1" open={mine !== null}>
                  <summary
                    className={buttonStyles({
                      variant: "secondary",
                      fullWidth: true,
                      className: "cursor-pointer list-none sm:w-40",
                    })}
                  >
                    Recusar
                    <span className="sr-only"> horas de {row.name}</span>
                  </summary>
                  <MemberForm
                    schemas={loadSchemas}
                    schema={(schemas) => schemas.declineHoursSchema}
                    serverError={mine?.error}
                    submitLabel="Recusar horas"
                    danger
                    className="mt-3 flex flex-col gap-3"
                  >
                    {(errorFor) => (
                      <>
                        <input type="hidden" name="intent" value="decline" />
                        <input type="hidden" name="id" value={row.id} />
                        <TextArea
                          name="reason"
                          label="Motivo da recusa"
                          rows={2}
                          maxLength={HOURS_LIMITS.text}
                          defaultValue={mine?.reason}
                          error={errorFor("reason")}
                        />
                      </>
                    )}
                  </MemberForm>
                </details>
              </div>
            </li>
          );
        })}
      </ul>
      <BulkDecline pending={pending} failed={failedBulk ?? null} busy={busy} />
    </>
  );
}

/**
 * One reason for many rows: "Recusar selecionadas" declines the checked rows, "Recusar todas
 * as exibidas" every row on the page (their ids ride along as hidden fields). A plain form, so
 * it works without JavaScript; the action checks it.
 */
function BulkDecline({
  pending,
  failed,
  busy,
}: {
  pending: PendingHours[];
  failed: { ids: string[]; reason: string; error: FormError } | null;
  busy: boolean;
}) {
  const reasonError = failed?.error.field === "reason" ? failed.error.message : undefined;
  const otherError = failed && failed.error.field !== "reason" ? failed.error.message : null;
  return (
    <Form
      method="post"
      id={BULK_FORM}
      aria-labelledby="recusar-varias-titulo"
      className="mt-4 flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 shadow-card"
    >
      <h3 id="recusar-varias-titulo" className="font-semibold text-ink">
        Recusar várias de uma vez
      </h3>
      <p className="text-sm text-ink-muted">
        Marque as horas acima e escreva um motivo: cada voluntário recebe um só e-mail com os meses
        recusados.
      </p>
      <input type="hidden" name="intent" value="decline-many" />
      {pending.map((row) => (
        <input key={row.id} type="hidden" name="shown" value={row.id} />
      ))}
      <TextArea
        name="reason"
        label="Motivo para recusar várias"
        rows={2}
        maxLength={HOURS_LIMITS.text}
        defaultValue={failed?.reason}
        error={reasonError}
      />
      <ErrorMessage message={otherError} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <PrimaryButton name="scope" value="selected" variant="danger" loading={busy}>
          Recusar selecionadas
        </PrimaryButton>
        <PrimaryButton name="scope" value="all" variant="secondary" loading={busy}>
          Recusar todas as {pending.length} exibidas
        </PrimaryButton>
      </div>
    </Form>
  );
}
