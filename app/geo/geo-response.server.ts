import { EncodedBody } from "~/lib/encoded-body.server";
import { listMunicipalities, listStates } from "./localities.server";

/**
 * The geography lists change only with a deploy, so each one is serialised and compressed once
 * per process (28 bodies at most: the states and each state's municipalities) and answered by the
 * server before React Router as the same bytes with an ETag (server/app.ts; issue 17: through the
 * router, `Response.json` re-encoded and re-compressed 645 names on every request, and a session
 * lookup ran for a list that is the same for everyone).
 */
const GEOGRAPHY_PATH = /^\/api\/localidades\/estados(?:\/([^/]+)\/municipios)?\/?$/;

export type GeographyAnswer = { list: EncodedBody } | { unknownState: string };

const bodies = new Map<string, EncodedBody>();

function prepared(key: string, list: () => unknown): EncodedBody {
  let body = bodies.get(key);
  if (!body) {
    body = new EncodedBody(Buffer.from(JSON.stringify(list())), "thorough");
    bodies.set(key, body);
  }
  return body;
}

/** The answer for a geography path, or null when the path is not one. */
export function geographyAnswer(pathname: string): GeographyAnswer | null {
  const match = GEOGRAPHY_PATH.exec(pathname);
  if (!match) return null;
  const encodedUf = match[1];
  if (encodedUf === undefined) return { list: prepared("estados", listStates) };
  let uf: string;
  try {
    uf = decodeURIComponent(encodedUf);
  } catch {
    return { unknownState: encodedUf };
  }
  const municipalities = listMunicipalities(uf);
  if (!municipalities) return { unknownState: uf };
  return { list: prepared(`municipios:${uf.toUpperCase()}`, () => municipalities) };
}
