import type { ReactNode } from "react";
import type { z } from "zod";
import { BackButton } from "~/components/ui/back-button";
import { SectionHeading } from "~/components/ui/section-heading";
import type { FormError } from "~/forms/form-validation";
import { type ErrorFor, MemberForm } from "./member-form";

/** The frame of every member-area form page: "Voltar", then a white card with the title. */
export function MemberFormPage({
  backTo,
  label,
  title,
  description,
  children,
}: {
  backTo: string;
  label?: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      <BackButton to={backTo} />
      <div className="mt-4 rounded-2xl border border-line bg-white p-5 shadow-card sm:p-8">
        <SectionHeading as="h1" label={label} title={title} description={description} />
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

/**
 * "Editar perfil" of a volunteer or an institution: the page, the form and "Salvar alterações"
 * (or `submitLabel`), with an optional `notice` above the form (a review's outcome).
 */
export function EditProfilePage<M, S extends z.ZodType>({
  backTo,
  label,
  description,
  notice,
  schemas,
  schema,
  serverError,
  submitLabel = "Salvar alterações",
  children,
}: {
  backTo: string;
  label: string;
  description: string;
  notice?: ReactNode;
  schemas: () => Promise<M>;
  schema: (schemas: M) => S;
  serverError?: FormError | null;
  submitLabel?: string;
  children: (errorFor: ErrorFor) => ReactNode;
}) {
  return (
    <MemberFormPage backTo={backTo} label={label} title="Editar perfil" description={description}>
      {notice}
      <MemberForm
        schemas={schemas}
        schema={schema}
        serverError={serverError}
        withFiles
        submitLabel={submitLabel}
      >
        {children}
      </MemberForm>
    </MemberFormPage>
  );
}
