import type { ReactNode } from "react";
import type { z } from "zod";
import { type ErrorFor, MemberForm } from "~/components/members/member-form";
import { ErrorMessage } from "~/components/ui/error-message";
import type { FormError } from "~/forms/form-validation";

type CertificateSchemas = typeof import("~/certificates/certificate-schema");

/** Loaded after the page is shown, as every form's schemas are (ADR 0010). */
const loadSchemas = () => import("~/certificates/certificate-schema");

/**
 * "Emitir certificado" on the volunteer's and the institution's certificate pages (ADR 0052):
 * the form when there are confirmed hours to issue from, otherwise `nothingToIssue`. A post when
 * there is nothing to issue (a stale page, a forged form) still reads as a message: the form
 * that would show it is not on the page, so the card shows it under the text.
 */
export function IssueCertificateCard({
  canIssue,
  nothingToIssue,
  schema,
  serverError,
  children,
}: {
  canIssue: boolean;
  nothingToIssue: string;
  schema: (schemas: CertificateSchemas) => z.ZodType;
  serverError?: FormError | null;
  children: (errorFor: ErrorFor) => ReactNode;
}) {
  return (
    <div className="mt-6 rounded-2xl border border-line bg-white p-5 shadow-card sm:p-6">
      <h2 className="text-lg font-bold text-ink">Emitir certificado</h2>
      {canIssue ? (
        <MemberForm
          schemas={loadSchemas}
          schema={schema}
          serverError={serverError}
          submitLabel="Emitir certificado"
          className="mt-4 flex flex-col gap-5"
        >
          {children}
        </MemberForm>
      ) : (
        <>
          <p className="mt-2 text-ink-muted">{nothingToIssue}</p>
          <ErrorMessage message={serverError?.message} className="mt-3" />
        </>
      )}
    </div>
  );
}
