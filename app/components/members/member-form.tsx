import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { ErrorMessage } from "~/components/ui/error-message";
import { PrimaryButton } from "~/components/ui/primary-button";
import { type FormError, useFormValidation } from "~/forms/form-validation";

export type ErrorFor = (field: string) => string | undefined;

/**
 * A member-area form: a real <Form method="post"> checked by its schema in the browser first
 * (the first message, next to its field) and then by the action, with the form-wide message
 * and the submit button (spinner while sending) at the end.
 */
export function MemberForm<M, S extends z.ZodType>({
  schemas,
  schema,
  serverError,
  withFiles = false,
  submitLabel,
  submitIcon,
  danger = false,
  className = "flex flex-col gap-5",
  children,
}: {
  /** The module holding the form's schema: a module-level constant (see useFormValidation). */
  schemas: () => Promise<M>;
  schema: (schemas: M) => S;
  serverError?: FormError | null;
  withFiles?: boolean;
  submitLabel: string;
  submitIcon?: ReactNode;
  danger?: boolean;
  className?: string;
  children: (errorFor: ErrorFor) => ReactNode;
}) {
  const validation = useFormValidation(schemas, schema, serverError);
  const submitting = useNavigation().state === "submitting";
  return (
    <Form
      method="post"
      encType={withFiles ? "multipart/form-data" : undefined}
      noValidate
      {...validation.formProps}
      className={className}
    >
      {children(validation.errorFor)}
      <ErrorMessage message={validation.errorFor("form")} />
      <PrimaryButton
        fullWidth
        variant={danger ? "danger" : "primary"}
        icon={submitIcon}
        loading={submitting}
      >
        {submitLabel}
      </PrimaryButton>
    </Form>
  );
}
