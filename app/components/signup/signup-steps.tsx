import { Link } from "react-router";
import { PASSWORD_HINT } from "~/auth/password-messages";
import { AddressFields } from "~/components/members/address-fields";
import { InstitutionCausesField } from "~/components/members/institution-causes-field";
import { InstitutionNameField, ResponsibleField } from "~/components/members/institution-fields";
import {
  InstitutionProfileFields,
  VolunteerProfileFields,
} from "~/components/members/profile-fields";
import { CnpjField } from "~/components/ui/cnpj-field";
import { EmailInput } from "~/components/ui/email-input";
import { PasswordInput } from "~/components/ui/password-input";
import { PhoneField } from "~/components/ui/phone-field";
import { RadioGroup } from "~/components/ui/radio-group";
import type { FormError } from "~/forms/form-validation";
import { WizardStep } from "./wizard-step";

export interface StepProps {
  values: Record<string, string>;
  error?: FormError | null;
}

interface Places {
  ufs: readonly string[];
  cities?: readonly string[];
}

export function ProfileTypeStep({
  values,
  error,
  returnTo,
}: StepProps & { returnTo?: string | null }) {
  return (
    <WizardStep
      step={1}
      schema={(schemas) => schemas.profileTypeSchema}
      serverError={error}
      canGoBack={false}
    >
      {(errorFor) => (
        <>
          {returnTo ? <input type="hidden" name="redirectTo" value={returnTo} /> : null}
          <RadioGroup
            name="profileType"
            error={errorFor("profileType")}
            legend="Tipo de cadastro"
            layout="cards"
            defaultValue={values.profileType ?? "VOLUNTEER"}
            options={[
              { value: "VOLUNTEER", label: "Voluntário", description: "Quero encontrar vagas" },
              { value: "INSTITUTION", label: "Instituição", description: "Quero divulgar vagas" },
            ]}
          />
        </>
      )}
    </WizardStep>
  );
}

export function CredentialsStep({
  values,
  error,
  passwordOnFile,
}: StepProps & { passwordOnFile: boolean }) {
  return (
    <WizardStep
      step={2}
      schema={(schemas) => schemas.credentialsSchema({ passwordOnFile })}
      serverError={error}
    >
      {(errorFor) => (
        <>
          <EmailInput name="email" defaultValue={values.email} error={errorFor("email")} />
          <PhoneField name="phone" defaultValue={values.phone} error={errorFor("phone")} />
          <PasswordInput
            name="password"
            label="Senha"
            autoComplete="new-password"
            hint={
              passwordOnFile
                ? "Sua senha já foi definida. Preencha só se quiser trocá-la."
                : PASSWORD_HINT
            }
            error={errorFor("password")}
          />
          <PasswordInput
            name="confirmPassword"
            label="Confirme a senha"
            autoComplete="new-password"
            error={errorFor("confirmPassword")}
          />
          <TermsCheckbox checked={values.acceptTerms === "on"} error={errorFor("acceptTerms")} />
        </>
      )}
    </WizardStep>
  );
}

function TermsCheckbox({ checked, error }: { checked: boolean; error?: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label className="flex min-h-11 items-start gap-3 py-1 text-sm text-ink">
        <input
          type="checkbox"
          name="acceptTerms"
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "aceite-erro" : undefined}
          className="mt-0.5 size-5 shrink-0 accent-brand-700 focus-ring"
        />
        <span>
          Li e aceito os{" "}
          <Link
            to="/termos-de-uso"
            target="_blank"
            className="font-semibold text-brand-800 underline"
          >
            Termos de uso
          </Link>{" "}
          e a{" "}
          <Link
            to="/politicas-de-privacidade"
            target="_blank"
            className="font-semibold text-brand-800 underline"
          >
            Política de privacidade
          </Link>
          .
        </span>
      </label>
      {error ? (
        <p id="aceite-erro" role="alert" className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function VolunteerProfileStep({ values, error, ufs, cities }: StepProps & Places) {
  return (
    <WizardStep
      step={3}
      schema={(schemas) => schemas.volunteerProfileSchema}
      serverError={error}
      withFiles
      nextLabel="Criar conta"
    >
      {(errorFor) => (
        <VolunteerProfileFields values={values} errorFor={errorFor} ufs={ufs} cities={cities} />
      )}
    </WizardStep>
  );
}

export function InstitutionDetailsStep({ values, error, ufs, cities }: StepProps & Places) {
  return (
    <WizardStep step={3} schema={(schemas) => schemas.institutionDetailsSchema} serverError={error}>
      {(errorFor) => (
        <>
          <InstitutionNameField values={values} errorFor={errorFor} />
          <CnpjField name="cnpj" defaultValue={values.cnpj} error={errorFor("cnpj")} />
          <ResponsibleField values={values} errorFor={errorFor} />
          <AddressFields values={values} errorFor={errorFor} ufs={ufs} cities={cities} />
        </>
      )}
    </WizardStep>
  );
}

export function InstitutionProfileStep({ values, error }: StepProps) {
  return (
    <WizardStep
      step={4}
      schema={(schemas) => schemas.institutionProfileSchema}
      serverError={error}
      withFiles
      nextLabel="Criar conta"
    >
      {(errorFor) => (
        <>
          <InstitutionProfileFields values={values} errorFor={errorFor} />
          <InstitutionCausesField values={values} errorFor={errorFor} legend="Causas (opcional)" />
          <RadioGroup
            name="permitDivulgation"
            legend="Permite divulgar a instituição nas redes sociais?"
            options={["Sim", "Não"]}
            defaultValue={values.permitDivulgation ?? "Sim"}
            error={errorFor("permitDivulgation")}
          />
        </>
      )}
    </WizardStep>
  );
}
