import { Form, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { PrimaryButton } from "~/components/ui/primary-button";
import { TextArea } from "~/components/ui/text-area";
import type { FormError } from "~/forms/form-validation";
import { formatMinutes } from "~/hours/hours-format";
import { HOURS_LIMITS } from "~/hours/hours-limits";
import type { PendingHours } from "~/hours/ongoing-hours.server";
import { MemberForm } from "./member-form";

const loadSchemas = () => import("~/hours/hours-schema");

/**
 * Hours volunteers logged, waiting for the institution: "Aprovar" in one tap; "Recusar" opens
 * (a <details>, so without JavaScript too) a reason the volunteer will read.
 */
export function PendingHoursList({
  pending,
  failed,
}: {
  pending: PendingHours[];
  /** The decline that failed validation: its row opens again with the typed reason. */
  failed?: { id: string; reason: string; error: FormError } | null;
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
    <ul className="flex flex-col gap-3">
      {pending.map((row) => {
        const mine = failed?.id === row.id ? failed : null;
        return (
          <li key={row.id} className="rounded-2xl border border-line bg-white p-4 shadow-card">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-semibold break-words text-ink">{row.name}</p>
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
  );
}
