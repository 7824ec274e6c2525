/**
 * The action of a read-only resource route (files, feeds, JSON for the pages). Without one, a
 * POST there ends in React Router's generic "Unexpected Server Error" JSON; this says what
 * happened, in the person's language.
 */
export const READ_ONLY_MESSAGE = "Este endereço só pode ser lido; ele não recebe envios.";

export function refuseWrites(): never {
  throw new Response(`${READ_ONLY_MESSAGE}\n`, {
    status: 405,
    headers: {
      Allow: "GET, HEAD",
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
    },
  });
}
