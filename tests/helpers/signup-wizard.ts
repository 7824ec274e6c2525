import type { Page, Response } from "playwright-core";
import type { Edit } from "./signup-rules";
import { VALID_PASSWORD } from "./signup-rules";

/**
 * Drives the sign-up wizard (/auth/cadastro) in Chromium the way a person does: by headings,
 * labels and button names, with JavaScript on (instant checks, select for the city, photo
 * buttons) or off (plain form posts, a text box for the city, visible file inputs).
 */

export interface WizardOptions {
  baseUrl: string;
  js: boolean;
}

export interface Pictures {
  photo: { name: string; mimeType: string; buffer: Buffer };
  cover: { name: string; mimeType: string; buffer: Buffer };
}

export function heading(page: Page, name: string) {
  return page.getByRole("heading", { name, exact: true });
}

/** Waits for a step's heading and, with JavaScript, for the page to be interactive. */
export async function waitForStep(page: Page, title: string, js: boolean): Promise<void> {
  await heading(page, title).waitFor();
  if (!js) return;
  // Controls that exist only once React runs: the show-password toggle (step 2), the city
  // select (steps 3, a text box before hydration) and the photo buttons (step 4).
  const marker =
    title === "Crie sua conta"
      ? page.getByRole("button", { name: "Mostrar senha" }).first()
      : title === "Perfil da instituição"
        ? page.getByRole("button", { name: "Enviar foto" }).first()
        : title === "Escolha o tipo de cadastro"
          ? undefined
          : page.getByRole("combobox", { name: "Cidade" });
  await marker?.waitFor();
}

/**
 * Presses a wizard button. Without JavaScript that is a full form post: wait for its answer
 * and the new document, so the next look at the page sees the server's reply.
 */
export async function press(page: Page, name: string, js: boolean): Promise<Response | null> {
  const button = page.getByRole("button", { name, exact: true });
  if (js) {
    await button.click();
    return null;
  }
  const [response] = await Promise.all([
    page.waitForResponse(
      (answer) =>
        answer.request().method() === "POST" &&
        new URL(answer.url()).pathname.startsWith("/auth/cadastro"),
    ),
    button.click(),
  ]);
  await page.waitForLoadState("load");
  return response;
}

/** Applies one change of a validation walk (or of a normal sign-up) to the page. */
export async function applyEdit(
  page: Page,
  edit: Edit,
  js: boolean,
  pictures: Pictures,
): Promise<void> {
  const field = page.getByLabel(edit.label, { exact: true });
  switch (edit.control) {
    case "text":
    case "password":
      await field.fill(edit.value);
      return;
    case "select":
      await field.selectOption(edit.value);
      return;
    case "city":
      // With JavaScript the city is a list of the state's municipalities; without, a text box.
      if (js)
        await page.getByRole("combobox", { name: "Cidade" }).selectOption({ label: edit.value });
      else await page.getByRole("textbox", { name: "Cidade" }).fill(edit.value);
      return;
    case "checkbox":
      await page.getByRole("checkbox", { name: edit.label }).check();
      return;
    case "radio":
      await page.getByRole("radio", { name: edit.label }).check();
      return;
    case "file":
      await field.setInputFiles(edit.value === "cover" ? pictures.cover : pictures.photo);
      return;
  }
}

/** Step 1: the profile cards, then "Próximo". */
export async function chooseProfile(
  page: Page,
  profile: "VOLUNTEER" | "INSTITUTION",
  options: WizardOptions,
): Promise<void> {
  await page.goto(`${options.baseUrl}/auth/cadastro`);
  await waitForStep(page, "Escolha o tipo de cadastro", options.js);
  if (profile === "INSTITUTION") await page.getByRole("radio", { name: /^Instituição/ }).check();
  await press(page, "Próximo", options.js);
  await waitForStep(page, "Crie sua conta", options.js);
}

/** Step 2 with valid values, then "Próximo". */
export async function fillCredentials(
  page: Page,
  email: string,
  options: WizardOptions,
): Promise<void> {
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Telefone", { exact: true }).fill("11987654321");
  await page.getByLabel("Senha", { exact: true }).fill(VALID_PASSWORD);
  await page.getByLabel("Confirme a senha", { exact: true }).fill(VALID_PASSWORD);
  await page.getByRole("checkbox", { name: /Li e aceito/ }).check();
  await press(page, "Próximo", options.js);
}

/** Institution step 3 with valid values, then "Próximo". */
export async function fillInstitutionDetails(
  page: Page,
  details: { name: string; cnpj: string },
  options: WizardOptions,
): Promise<void> {
  await page.getByLabel("Nome da instituição", { exact: true }).fill(details.name);
  await page.getByLabel("CNPJ", { exact: true }).fill(details.cnpj);
  await page.getByLabel("Responsável", { exact: true }).fill("Marta Ribeiro");
  await page.getByLabel("Estado", { exact: true }).selectOption("MG");
  await applyEdit(
    page,
    { name: "city", label: "Cidade", control: "city", value: "Belo Horizonte" },
    options.js,
    {} as Pictures,
  );
  await page.getByLabel("Logradouro", { exact: true }).fill("Avenida Afonso Pena");
  await page.getByLabel("Número", { exact: true }).fill("1500");
  await page.getByLabel("Bairro", { exact: true }).fill("Centro");
  await page.getByLabel("Complemento", { exact: true }).fill("Sala 3");
  await press(page, "Próximo", options.js);
}

/** Volunteer step 3's text fields and place (the photo is the caller's). */
export async function fillVolunteerProfile(
  page: Page,
  profile: {
    name: string;
    uf: string;
    city: string;
    resume: string;
    /** "dd/mm/aaaa"; an adult's by default (ADR 0050). */
    birthDate?: string;
    guardian?: { name: string; email: string };
  },
  js: boolean,
): Promise<void> {
  await page.getByLabel("Nome", { exact: true }).fill(profile.name);
  await page
    .getByLabel("Data de nascimento", { exact: true })
    .fill(profile.birthDate ?? "15/03/1995");
  if (profile.guardian) {
    await page.getByLabel("Nome do responsável", { exact: true }).fill(profile.guardian.name);
    await page.getByLabel("E-mail do responsável", { exact: true }).fill(profile.guardian.email);
  }
  await page.getByLabel("Estado", { exact: true }).selectOption(profile.uf);
  await applyEdit(
    page,
    { name: "city", label: "Cidade", control: "city", value: profile.city },
    js,
    {} as Pictures,
  );
  await page.getByLabel("Resumo", { exact: true }).fill(profile.resume);
}

/**
 * Chooses a picture the way a person does: with JavaScript through the "Enviar foto" button of
 * the picture's group (the file chooser opens), without it in the visible file input.
 */
export async function choosePicture(
  page: Page,
  group: "Foto de perfil" | "Foto de capa",
  file: Pictures["photo"],
  js: boolean,
): Promise<void> {
  if (!js) {
    await page.getByLabel(group, { exact: true }).setInputFiles(file);
    return;
  }
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page
      .getByRole("group", { name: group, exact: true })
      .getByRole("button", { name: "Enviar foto" })
      .click(),
  ]);
  await chooser.setFiles(file);
  // The preview replaces the placeholder and the button offers to change the photo; the photo
  // is uploaded at once (issue 13), so the form posts its token once the progress bar is gone.
  const picker = page.getByRole("group", { name: group, exact: true });
  await picker.getByRole("button", { name: "Alterar foto" }).waitFor();
  await picker.getByRole("progressbar").waitFor({ state: "detached" });
}

/** Messages of `candidates` visible on the page right now. */
export async function visibleMessages(page: Page, candidates: string[]): Promise<string[]> {
  const visible: string[] = [];
  for (const message of candidates) {
    const matches = page.getByText(message, { exact: true });
    for (let i = 0; i < (await matches.count()); i++) {
      if (await matches.nth(i).isVisible()) {
        visible.push(message);
        break;
      }
    }
  }
  return visible;
}

/**
 * Polls until exactly `expected` (of `candidates`) is visible, or the deadline passes; returns
 * what was visible last, for the test to assert (works inside concurrent tests too).
 */
export async function waitForMessages(
  page: Page,
  candidates: string[],
  expected: string[],
  timeoutMs = 20_000,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const visible = await visibleMessages(page, candidates);
    const done = visible.length === expected.length && visible.every((m, i) => m === expected[i]);
    if (done || Date.now() > deadline) return visible;
    await page.waitForTimeout(50);
  }
}
