/**
 * The sign-up wizard's validation messages as walks: start with an empty step, press the button,
 * read the one message shown, fix that field, press again... Each row is what the person changed
 * since the last press and the message the step must then show, so the rows' order is the order
 * of docs/spec.md section 5 (plus the rules docs/design.md and issue 3 add, marked in `source`).
 * The same tables drive the Zod schema test (tests/unit) and the browser tests, with and without
 * JavaScript (tests/e2e/accounts-signup.test.ts).
 */

export type Control = "text" | "password" | "select" | "city" | "checkbox" | "file" | "radio";

export interface Edit {
  /** The posted field name. */
  name: string;
  /** The accessible name the browser test finds the control by. */
  label: string;
  control: Control;
  /** Text typed, option chosen, or which picture ("photo" / "cover") for a file. */
  value: string;
}

export interface Rule {
  /** What changed since the previous press (empty for the first, empty form). */
  edits: Edit[];
  /** The single message shown after this press; null when the step is accepted. */
  message: string | null;
  /** Checked against the database by the server (the schema alone accepts the form). */
  server?: boolean;
  source: string;
}

export interface StepWalk {
  id: "credentials" | "volunteer-profile" | "institution-details" | "institution-profile";
  /** The step's heading. */
  title: string;
  profileType: "VOLUNTEER" | "INSTITUTION";
  step: 2 | 3 | 4;
  /** The last press creates the account: the walk stops at the last message instead. */
  createsAccount: boolean;
  rules: Rule[];
}

const text = (name: string, label: string, value: string): Edit => ({
  name,
  label,
  control: "text",
  value,
});
const password = (name: string, label: string, value: string): Edit => ({
  name,
  label,
  control: "password",
  value,
});

export const VALID_PASSWORD = "voluntaria2026";

export interface WalkData {
  /** An e-mail that already has an account. */
  takenEmail: string;
  freshEmail: string;
  /** A CNPJ (any format) that an institution already uses. */
  takenCnpj: string;
  freshCnpj: string;
}

export function signupWalks(data: WalkData): StepWalk[] {
  return [
    {
      id: "credentials",
      title: "Crie sua conta",
      profileType: "VOLUNTEER",
      step: 2,
      createsAccount: false,
      rules: [
        { edits: [], message: "Informe o e-mail.", source: "SPEC 5 credentials #1" },
        {
          edits: [text("email", "E-mail", "maria.silva")],
          message: "E-mail inválido.",
          source: "SPEC 5 credentials #2",
        },
        {
          edits: [text("email", "E-mail", data.takenEmail)],
          message: "Informe o número de telefone.",
          source: "SPEC 5 credentials #3",
        },
        {
          edits: [text("phone", "Telefone", "11 1234")],
          message: "Telefone inválido. Informe o DDD e o número.",
          source: "issue 3: area code plus 8 or 9 digits",
        },
        {
          edits: [text("phone", "Telefone", "11987654321")],
          message: "Informe a senha.",
          source: "SPEC 5 credentials #4",
        },
        {
          edits: [password("password", "Senha", "abc1")],
          message: "A senha deve ter no mínimo 8 caracteres.",
          source: "SPEC 5 credentials #5",
        },
        {
          edits: [password("password", "Senha", "somenteletras")],
          message: "A senha deve ter pelo menos uma letra e um número.",
          source: "DESIGN 7.3",
        },
        {
          edits: [password("password", "Senha", VALID_PASSWORD)],
          message: "Confirme sua senha.",
          source: "SPEC 5 credentials #6",
        },
        {
          edits: [password("confirmPassword", "Confirme a senha", `${VALID_PASSWORD}x`)],
          message: "As senhas não são iguais.",
          source: "SPEC 5 credentials #7",
        },
        {
          edits: [password("confirmPassword", "Confirme a senha", VALID_PASSWORD)],
          message: "Para continuar, aceite os Termos de uso e a Política de privacidade.",
          source: "issue 3: terms checkbox",
        },
        {
          edits: [
            {
              name: "acceptTerms",
              label: "Li e aceito os Termos de uso e a Política de privacidade.",
              control: "checkbox",
              value: "on",
            },
          ],
          message: "E-mail já cadastrado.",
          server: true,
          source: "SPEC 5 credentials #8",
        },
        {
          edits: [text("email", "E-mail", data.freshEmail)],
          message: null,
          source: "all rules met",
        },
      ],
    },
    {
      id: "volunteer-profile",
      title: "Conte um pouco sobre você",
      profileType: "VOLUNTEER",
      step: 3,
      createsAccount: true,
      rules: [
        { edits: [], message: "O nome é obrigatório.", source: "SPEC 5 volunteer #1" },
        {
          edits: [text("name", "Nome", "  Jo  ")],
          message: "O nome deve ter pelo menos 3 letras.",
          source: "SPEC 5 volunteer #2 (after trimming)",
        },
        {
          edits: [text("name", "Nome", "Joana Prado")],
          message: "O resumo é obrigatório.",
          source: "SPEC 5 volunteer #3",
        },
        {
          edits: [text("resume", "Resumo", "Ajudo")],
          message: "O resumo deve ter pelo menos 10 letras.",
          source: "SPEC 5 volunteer #4",
        },
        {
          edits: [text("resume", "Resumo", "Ajudo em mutirões de limpeza e em feiras do bairro.")],
          message: "Selecione seu estado e cidade.",
          source: "SPEC 5 volunteer #5 (neither)",
        },
        {
          edits: [
            {
              name: "uf",
              label: "Estado",
              control: "select",
              value: "SP",
            },
          ],
          message: "Selecione seu estado e cidade.",
          source: "SPEC 5 volunteer #5 (state without city)",
        },
        {
          edits: [
            {
              name: "city",
              label: "Cidade",
              control: "city",
              value: "São Paulo",
            },
          ],
          message: "Adicione uma foto de perfil.",
          source: "SPEC 5 volunteer #6",
        },
      ],
    },
    {
      id: "institution-details",
      title: "Dados da instituição",
      profileType: "INSTITUTION",
      step: 3,
      createsAccount: false,
      rules: [
        {
          edits: [],
          message: "O nome da instituição é obrigatório.",
          source: "SPEC 5 institution step 3 #1",
        },
        {
          edits: [text("name", "Nome da instituição", "Lu")],
          message: "O nome da instituição deve ter pelo menos 3 letras.",
          source: "SPEC 5 institution step 3 #2",
        },
        {
          edits: [text("name", "Nome da instituição", "Casa do Bem Comum")],
          message: "O CNPJ é obrigatório.",
          source: "SPEC 5 institution step 3 #3",
        },
        {
          edits: [text("cnpj", "CNPJ", "12.ABC.345/01DE-36")],
          message: "CNPJ inválido.",
          source: "DESIGN 7.2 (check digits)",
        },
        {
          edits: [text("cnpj", "CNPJ", data.takenCnpj)],
          message: "O responsável é obrigatório.",
          source: "SPEC 5 institution step 3 #4 (typo corrected, DESIGN 7.6)",
        },
        {
          edits: [text("responsible", "Responsável", "Ana Souza")],
          message: "Selecione seu estado e cidade.",
          source: "SPEC 5 institution step 3 #5",
        },
        {
          edits: [
            { name: "uf", label: "Estado", control: "select", value: "RJ" },
            { name: "city", label: "Cidade", control: "city", value: "Niterói" },
          ],
          message: "O logradouro é obrigatório.",
          source: "SPEC 5 institution step 3 #6",
        },
        {
          edits: [text("street", "Logradouro", "Rua da Conceição")],
          message: "O número é obrigatório.",
          source: "SPEC 5 institution step 3 #7",
        },
        {
          edits: [text("number", "Número", "42")],
          message: "O bairro é obrigatório.",
          source: "SPEC 5 institution step 3 #8",
        },
        {
          edits: [text("neighborhood", "Bairro", "Centro")],
          message: "Este CNPJ já está cadastrado. Se a instituição já tem conta, faça login.",
          server: true,
          source: "issue 3: a CNPJ already registered",
        },
        {
          edits: [text("cnpj", "CNPJ", data.freshCnpj)],
          message: null,
          source: "all rules met (complement is optional)",
        },
      ],
    },
    {
      id: "institution-profile",
      title: "Perfil da instituição",
      profileType: "INSTITUTION",
      step: 4,
      createsAccount: true,
      rules: [
        {
          edits: [],
          message: "Adicione uma foto de perfil.",
          source: "SPEC 5 institution step 4 #1",
        },
        {
          edits: [
            {
              name: "previewImage",
              label: "Foto de perfil",
              control: "file",
              value: "photo",
            },
          ],
          message: "Adicione uma foto de capa.",
          source: "SPEC 5 institution step 4 #2",
        },
        {
          edits: [
            {
              name: "landingImage",
              label: "Foto de capa",
              control: "file",
              value: "cover",
            },
          ],
          message: "O resumo é obrigatório.",
          source: "SPEC 5 institution step 4 #3",
        },
        {
          edits: [text("resume", "Resumo", "Reforço")],
          message: "O resumo deve ter pelo menos 10 letras.",
          source: "SPEC 5 institution step 4 #4",
        },
        {
          edits: [text("resume", "Resumo", "Reforço escolar para crianças do bairro.")],
          message: "O sobre é obrigatório.",
          source: "SPEC 5 institution step 4 #5",
        },
        {
          edits: [text("about", "Sobre", "Desde 98")],
          message: "O sobre deve ter pelo menos 10 letras.",
          source: "SPEC 5 institution step 4 #6",
        },
        {
          edits: [text("about", "Sobre", "Desde 1998 oferecemos aulas de reforço no contraturno.")],
          message: "Informe o e-mail de contato.",
          source: "SPEC 5 institution step 4 #7",
        },
        {
          edits: [text("contactEmail", "E-mail de contato para candidatos", "contato@")],
          message: "E-mail de contato inválido.",
          source: "SPEC 5 institution step 4 #8",
        },
      ],
    },
  ];
}

/** Every message a walk can show (to check that only the expected one is on screen). */
export function walkMessages(walk: StepWalk): string[] {
  return [
    ...new Set(walk.rules.map((rule) => rule.message).filter((m): m is string => m !== null)),
  ];
}
