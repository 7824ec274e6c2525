// Creates an administrator: `npm run admin:create -- --email someone@example.org [--name "Nome"]`.
// The password comes from ADMIN_PASSWORD, or is generated and printed once.
import { MAX_LENGTH, MIN_LENGTH } from "~/config/constants";
import { isSingleEmailAddress } from "~/lib/email-address";
import { printBox } from "~/seed/console-box.server";
import { hashAccountPassword, insertAdmin, normalizeEmail } from "~/seed/credentials.server";
import {
  describeTarget,
  OperatorError,
  parseOptions,
  runOperatorScript,
} from "~/seed/operator-script.server";
import { generatePassword, passwordProblem } from "~/seed/passwords.server";

const USAGE = `Usage: npm run admin:create -- --email someone@example.org [--name "Nome"]

Creates an administrator (role ADMIN) who signs in with that e-mail. The password is taken
from the ADMIN_PASSWORD environment variable (8 to 64 characters with a letter and a number);
without it, one is generated and printed once. Refuses an e-mail that already has an account.`;

const DEFAULT_NAME = "Administrador";

await runOperatorScript("admin:create", async ({ config, target, open }) => {
  const { email, name } = parseInput();
  const given = config.ADMIN_PASSWORD;
  const problem = given === undefined ? null : passwordProblem(given);
  if (problem) throw new OperatorError(`ADMIN_PASSWORD ${problem}. Nothing was changed.`);
  const password = given ?? generatePassword();

  const database = await open();
  const passwordHash = await hashAccountPassword(password);
  const id = await database.transaction((tx) => insertAdmin(tx, { email, name, passwordHash }));

  console.log(`Administrator created in ${describeTarget(target)}: ${email} (${name}, id ${id}).`);
  if (given === undefined) {
    printBox([
      `E-mail:   ${email}`,
      `Password: ${password}`,
      "This password is shown only once: store it now.",
    ]);
  } else {
    console.log("Password: the one given in ADMIN_PASSWORD.");
  }
});

function parseInput(): { email: string; name: string } {
  const options = parseOptions(["email", "name"], USAGE);
  if (!options.email) throw new OperatorError(`--email is required.\n\n${USAGE}`);
  const email = normalizeEmail(options.email);
  // The forms' rule (app/lib/email-address.ts): exactly one address, at most 50 characters.
  if (!isSingleEmailAddress(email, MAX_LENGTH.email)) {
    throw new OperatorError(
      `"${options.email}" is not a valid e-mail address (at most ${MAX_LENGTH.email} characters).`,
    );
  }
  const name = (options.name ?? DEFAULT_NAME).trim();
  if (name.length < MIN_LENGTH.name || name.length > MAX_LENGTH.name) {
    throw new OperatorError(
      `--name must have ${MIN_LENGTH.name} to ${MAX_LENGTH.name} characters.`,
    );
  }
  return { email, name };
}
