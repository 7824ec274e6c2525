import type { Random } from "~/seed/random.server";
import { formatCnpj, uniqueCnpj } from "./accounts";

/**
 * Random and malformed form posts for the fuzz run (tests/e2e/fuzz-actions.test.ts). Everything
 * comes from one seeded generator (the demo seed's mulberry32, app/seed/random.server.ts), so a failing post is replayed by running again with the seed
 * the test logs (FUZZ_SEED=<n>).
 */

/** An integer in [0, n). */
const below = (random: Random, n: number): number => random.int(0, n - 1);

/** One post as it goes on the wire: the body bytes and the headers that describe them. */
export interface FuzzBody {
  kind: string;
  contentType?: string;
  body?: Uint8Array;
}

/** Values a real person could type in each field, so random posts also reach deeper code. */
function plausible(field: string, random: Random, context: FuzzContext): string {
  switch (field) {
    case "email":
    case "replyEmail":
    case "contactEmail":
      return random.chance(0.5)
        ? `fuzz.${below(random, 1e9)}@teste.org.br`
        : random.pick(context.knownEmails);
    case "password":
    case "confirmPassword":
    case "newPassword":
    case "currentPassword":
      return random.pick(["senhaForte123", "abc", "12345678", "senhaForte1234"]);
    case "phone":
      return random.pick(["(11) 98765-4321", "11987654321", "5521988887777", "(00) 0000-0000"]);
    case "cnpj":
      return random.chance(0.5) ? formatCnpj(uniqueCnpj()) : uniqueCnpj();
    case "uf":
      return random.pick(["SP", "RJ", "XX", "sp", ""]);
    case "city":
      return random.pick(["São Paulo", "Niterói", "Cidade Inexistente", "sao paulo"]);
    case "eventDate":
      return random.pick(["2027-05-10", "2020-01-01", "31/12/2027", "2027-02-30", "9999-99-99"]);
    case "profileType":
      return random.pick(["VOLUNTEER", "INSTITUTION", "ADMIN", ""]);
    case "step":
      return random.pick(["1", "2", "3", "4", "0", "-1", "99"]);
    case "intent":
      return random.pick(context.intents);
    case "id":
      return random.pick(context.ids);
    case "acceptTerms":
      return random.pick(["on", "true", "false", ""]);
    case "volunteeringType":
      return random.pick(["Presencial", "Online", "Ambos", "Remoto"]);
    case "permitDivulgation":
      return random.pick(["Sim", "Não", "Talvez"]);
    case "origem":
      return random.pick(["voluntario", "instituicao", "outra"]);
    case "redirectTo":
      return random.pick(["/app/voluntario", "https://exemplo.invalid/", "//evil.example", "/"]);
    default:
      return random.pick([
        "Texto de teste com acentuação: ação, coração, pão.",
        "Rua das Flores",
        "123",
        "Centro",
      ]);
  }
}

/** Values nobody types: huge, hostile, of the wrong type or shape. */
function hostile(random: Random): string {
  const size = random.pick([1_000, 10_000, 200_000]);
  return random.pick([
    "",
    " ",
    "x".repeat(size),
    "ç".repeat(size / 2),
    "<script>alert(1)</script>",
    "'; drop table users; --",
    "%' OR '1'='1",
    "\\",
    "\u0000",
    "null",
    "undefined",
    "[object Object]",
    '{"a":1}',
    "-1",
    "1e309",
    "NaN",
    "00000000-0000-0000-0000-000000000000",
    "../../etc/passwd",
    "\u202e\u200b\ud83d\ude00",
    "😀".repeat(300),
    String(random.next()),
  ]);
}

export interface FuzzContext {
  /** Field names seen on the app's forms (and the schemas), plus a few invented ones. */
  fields: string[];
  /** Intents found on the pages (button values), plus invented ones. */
  intents: string[];
  /** Seeded record ids, random UUIDs and malformed ids. */
  ids: string[];
  knownEmails: string[];
  /** A small real JPEG and other file contents to attach. */
  jpeg: Uint8Array;
}

function fieldValue(field: string, random: Random, context: FuzzContext): string {
  return random.chance(0.6) ? plausible(field, random, context) : hostile(random);
}

/** A random set of fields: some missing, some duplicated, some invented. */
function randomFields(random: Random, context: FuzzContext): [string, string][] {
  const pairs: [string, string][] = [];
  const count = below(random, Math.min(12, context.fields.length) + 1);
  for (let i = 0; i < count; i++) {
    const field = random.chance(0.9) ? random.pick(context.fields) : hostile(random).slice(0, 40);
    pairs.push([field, fieldValue(field, random, context)]);
    if (random.chance(0.1)) pairs.push([field, fieldValue(field, random, context)]);
  }
  return pairs;
}

const encoder = new TextEncoder();
const concat = (parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

function urlEncoded(pairs: [string, string][]): Uint8Array {
  return encoder.encode(new URLSearchParams(pairs).toString());
}

/** Bytes that are not UTF-8 (a lone continuation byte, an overlong form, a cut sequence). */
const INVALID_UTF8 = [
  Uint8Array.of(0xff, 0xfe),
  Uint8Array.of(0xc0, 0xaf),
  Uint8Array.of(0xe2, 0x82),
  Uint8Array.of(0x80),
];

function fileContent(random: Random, context: FuzzContext): { bytes: Uint8Array; type: string } {
  switch (below(random, 6)) {
    case 0:
      return { bytes: context.jpeg, type: "image/jpeg" };
    case 1:
      return { bytes: encoder.encode("não é imagem ".repeat(50)), type: "image/png" };
    case 2:
      return { bytes: new Uint8Array(0), type: "application/octet-stream" };
    case 3:
      return {
        bytes: encoder.encode('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
        type: "image/svg+xml",
      };
    case 4:
      return { bytes: context.jpeg.slice(0, context.jpeg.length / 2), type: "image/jpeg" };
    default:
      return {
        bytes: Uint8Array.from({ length: 2048 }, () => below(random, 256)),
        type: random.pick(["image/webp", "text/plain", ""]),
      };
  }
}

function multipart(
  random: Random,
  context: FuzzContext,
  pairs: [string, string][],
  broken: boolean,
): FuzzBody {
  const boundary = `----fuzz${below(random, 1e9)}`;
  const parts: Uint8Array[] = [];
  for (const [name, value] of pairs) {
    parts.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  const files = below(random, 3);
  for (let i = 0; i < files; i++) {
    const field = random.pick(["previewImage", "landingImage", "photo", "coverImage", "file"]);
    const file = fileContent(random, context);
    parts.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${random.pick(["foto.jpg", "a.png", "../../x.svg", ""])}"\r\n` +
          (file.type ? `Content-Type: ${file.type}\r\n` : "") +
          "\r\n",
      ),
      file.bytes,
      encoder.encode("\r\n"),
    );
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`));
  let body = concat(parts);
  let header = `multipart/form-data; boundary=${boundary}`;
  if (broken) {
    switch (below(random, 5)) {
      case 0: // cut short in the middle of a part
        body = body.slice(0, Math.max(1, below(random, body.length)));
        break;
      case 1: // the header names another boundary
        header = "multipart/form-data; boundary=nao-e-esta";
        break;
      case 2: // no boundary at all
        header = "multipart/form-data";
        break;
      case 3: // garbage where the parts should be
        body = Uint8Array.from({ length: 512 }, () => below(random, 256));
        break;
      default: // a part header that never ends
        body = encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="x"`);
    }
  }
  return { kind: broken ? "broken-multipart" : "multipart", contentType: header, body };
}

/**
 * One random post body: well-formed or not, of the right type or not. `fixed` fields (an intent
 * and an id) go first, then random ones.
 */
export function randomBody(
  random: Random,
  context: FuzzContext,
  fixed: [string, string][] = [],
): FuzzBody {
  const pairs = [...fixed, ...randomFields(random, context)];
  const roll = below(random, 100);
  if (roll < 40) {
    return {
      kind: "urlencoded",
      contentType: "application/x-www-form-urlencoded",
      body: urlEncoded(pairs),
    };
  }
  if (roll < 60) return multipart(random, context, pairs, false);
  if (roll < 72) return multipart(random, context, pairs, true);
  if (roll < 82) {
    // Invalid UTF-8, raw in a field value and percent-encoded in another.
    const [name = "name", value = ""] = pairs[0] ?? [];
    const body = concat([
      encoder.encode(`${encodeURIComponent(name)}=`),
      random.pick(INVALID_UTF8),
      encoder.encode(
        `${encodeURIComponent(value)}&email=%FF%FE%C0%AF&${urlEncoded(pairs.slice(1))}`,
      ),
    ]);
    const contentType = random.chance(0.5)
      ? "application/x-www-form-urlencoded"
      : "application/x-www-form-urlencoded; charset=iso-8859-1";
    return { kind: "invalid-utf8", contentType, body };
  }
  if (roll < 94) {
    const contentType = random.pick([
      "application/json",
      "text/plain",
      "application/xml",
      "application/octet-stream",
      "text/html; charset=utf-8",
      "application/x-www-form-urlencoded; charset=utf-16",
      "image/jpeg",
      undefined,
    ]);
    const body = random.pick([
      encoder.encode(JSON.stringify(Object.fromEntries(pairs))),
      urlEncoded(pairs),
      encoder.encode("<a><b>1</b></a>"),
      Uint8Array.from({ length: 300 }, () => below(random, 256)),
    ]);
    return { kind: "wrong-content-type", contentType, body };
  }
  return random.pick<FuzzBody>([
    { kind: "empty", contentType: "application/x-www-form-urlencoded", body: new Uint8Array(0) },
    { kind: "no-body" },
    {
      kind: "only-separators",
      contentType: "application/x-www-form-urlencoded",
      body: encoder.encode("&&&==&=&%&%%&+"),
    },
  ]);
}
