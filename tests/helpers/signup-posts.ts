import { expect } from "vitest";
import { HttpClient, uniqueCnpj, uniqueEmail } from "./accounts";
import { makeJpeg } from "./images";
import { VALID_PASSWORD } from "./signup-rules";

/**
 * The sign-up wizard (/auth/cadastro) driven over HTTP as a form without JavaScript posts it:
 * each step's fields can be overridden (hostile texts, hostile files, a known e-mail).
 */

export type ProfileType = "VOLUNTEER" | "INSTITUTION";

/** Step 1 as posted: the profile chosen. */
export function profileStep(profileType: ProfileType): Record<string, string> {
  return { step: "1", intent: "next", profileType };
}

/** Step 2 as posted: valid credentials for `email`, terms accepted. */
export function credentialsStep(email: string): Record<string, string> {
  return {
    step: "2",
    intent: "next",
    email,
    phone: "+55 (11) 912345678",
    password: VALID_PASSWORD,
    confirmPassword: VALID_PASSWORD,
    acceptTerms: "on",
  };
}

/** Step 3 of an institution as posted: valid details with a fresh CNPJ; `details` overrides. */
export function institutionDetailsStep(
  details: Record<string, string> = {},
): Record<string, string> {
  return {
    step: "3",
    intent: "next",
    name: "Instituição do Cadastro",
    cnpj: uniqueCnpj(),
    responsible: "Pessoa Responsável",
    uf: "RJ",
    city: "Rio de Janeiro",
    street: "Rua das Laranjeiras",
    number: "100",
    neighborhood: "Laranjeiras",
    complete: "",
    ...details,
  };
}

/** A new visitor taken through the wizard up to its last step (the one with the photos). */
export async function signupAtLastStep(
  baseUrl: string,
  profileType: ProfileType,
  details: Record<string, string> = {},
  email = uniqueEmail("cadastro"),
): Promise<HttpClient> {
  const client = new HttpClient(baseUrl);
  const steps = [profileStep(profileType), credentialsStep(email)];
  if (profileType === "INSTITUTION") steps.push(institutionDetailsStep(details));
  for (const fields of steps) {
    const response = await client.post("/auth/cadastro", fields);
    expect(response.status, `sign-up step ${fields.step}: ${await response.clone().text()}`).toBe(
      302,
    );
  }
  return client;
}

/**
 * The last step's form with valid texts and photos; `fields` overrides texts, `files` the
 * photos (previewImage; landingImage for an institution).
 */
export async function lastStepForm(
  profileType: ProfileType,
  fields: Record<string, string> = {},
  files: Partial<Record<"previewImage" | "landingImage", { blob: Blob; name: string }>> = {},
): Promise<FormData> {
  const texts: Record<string, string> =
    profileType === "VOLUNTEER"
      ? {
          step: "3",
          name: "Pessoa do Cadastro",
          uf: "SP",
          city: "São Paulo",
          resume: "Gosto de ajudar nas ações do bairro.",
          birthDate: "15/03/1995",
        }
      : {
          step: "4",
          resume: "Apoio escolar no bairro.",
          about: "Uma instituição criada pelo teste de segurança.",
          contactEmail: "contato@cadastro.teste.org.br",
          volunteeringType: "Presencial",
          permitDivulgation: "Sim",
        };
  const form = new FormData();
  for (const [name, value] of Object.entries({ intent: "next", ...texts, ...fields }))
    form.set(name, value);
  const jpeg = async (width: number, height: number, name: string) => ({
    blob: new Blob([new Uint8Array(await makeJpeg({ width, height }))], { type: "image/jpeg" }),
    name,
  });
  const photo = files.previewImage ?? (await jpeg(320, 240, "foto.jpg"));
  form.set("previewImage", photo.blob, photo.name);
  if (profileType === "INSTITUTION") {
    const cover = files.landingImage ?? (await jpeg(900, 340, "capa.jpg"));
    form.set("landingImage", cover.blob, cover.name);
  }
  return form;
}
