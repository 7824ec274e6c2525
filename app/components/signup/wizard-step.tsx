import type { FormEvent, ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import type * as SignupSchemas from "~/auth/signup-schemas";
import { stepPath } from "~/auth/signup-wizard";
import { ErrorMessage } from "~/components/ui/error-message";
import { PrimaryButton } from "~/components/ui/primary-button";
import { TwoButtonRow } from "~/components/ui/two-button-row";
import { type FormError, useFormValidation } from "~/forms/form-validation";

export type ErrorFor = (field: string) => string | undefined;

const signupSchemas = () => import("~/auth/signup-schemas");

/**
 * One wizard step: a real form posting its step number and an intent. "Voltar" posts
 * intent=back (the server keeps what was typed, without checking it); "Próximo" checks the
 * step's schema (picked from ~/auth/signup-schemas) in the browser first, then on the server.
 */
export function WizardStep<S extends z.ZodType>({
  step,
  schema,
  serverError,
  withFiles = false,
  canGoBack = true,
  nextLabel = "Próximo",
  children,
}: {
  step: number;
  schema: (schemas: typeof SignupSchemas) => S;
  serverError?: FormError | null;
  withFiles?: boolean;
  canGoBack?: boolean;
  nextLabel?: string;
  children: (errorFor: ErrorFor) => ReactNode;
}) {
  const navigation = useNavigation();
  const validation = useFormValidation(signupSchemas, schema, serverError);
  const submittingIntent =
    navigation.state === "submitting" ? navigation.formData?.get("intent") : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "back") return;
    validation.onSubmit(event);
  };

  return (
    <Form
      method="post"
      action={stepPath(step)}
      noValidate
      encType={withFiles ? "multipart/form-data" : undefined}
      {...validation.formProps}
      onSubmit={onSubmit}
      className="flex flex-col gap-5"
    >
      <input type="hidden" name="step" value={step} />
      {children(validation.errorFor)}
      <ErrorMessage message={validation.errorFor("form")} />
      <TwoButtonRow className="mt-2">
        {canGoBack ? (
          <PrimaryButton
            variant="secondary"
            fullWidth
            name="intent"
            value="back"
            formNoValidate
            loading={submittingIntent === "back"}
          >
            Voltar
          </PrimaryButton>
        ) : (
          <span aria-hidden="true" className="hidden min-[26rem]:block" />
        )}
        <PrimaryButton fullWidth name="intent" value="next" loading={submittingIntent === "next"}>
          {nextLabel}
        </PrimaryButton>
      </TwoButtonRow>
    </Form>
  );
}
