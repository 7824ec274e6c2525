/**
 * What React Router works out again on every request though it depends only on the build
 * (ADR 0054). `scripts/vite/react-router-server-memo.ts` makes the server bundle's copy of React
 * Router call these; nothing else imports them.
 */

/** Paths remembered per branch list; past this the list is forgotten and filled again. */
export const REMEMBERED_PATHS = 1_000;

/** Where each path matched before: the branch's index, or -1 when none did. */
const firstMatches = new WeakMap<readonly unknown[], Map<string, number>>();

/**
 * React Router's matching: the first of the ranked branches that matches the path. It used to
 * try the branches in order on every call (three times a page, 62 routes); the answer depends
 * only on the branch list (fixed per build) and the path, so the index of the branch that matched
 * is remembered and only that branch is matched again, which makes fresh match objects as
 * before. A path never matched before is looked for as React Router does.
 */
export function matchFirstBranch<Branch, Match>(
  branches: readonly Branch[],
  pathname: string,
  allowPartial: boolean,
  matchBranch: (branch: Branch, pathname: string, allowPartial: boolean) => Match | null,
): Match | null {
  let known = firstMatches.get(branches);
  if (!known) {
    known = new Map();
    firstMatches.set(branches, known);
  }
  const key = `${allowPartial ? "partial" : "whole"} ${pathname}`;
  const index = known.get(key);
  if (index !== undefined) {
    const branch = branches[index];
    return branch === undefined ? null : matchBranch(branch, pathname, allowPartial);
  }
  let found = -1;
  let matches: Match | null = null;
  for (let i = 0; i < branches.length && matches === null; i++) {
    matches = matchBranch(branches[i] as Branch, pathname, allowPartial);
    if (matches !== null) found = i;
  }
  // Paths carry ids: past the bound, start again rather than grow with every id asked for.
  if (known.size >= REMEMBERED_PATHS) known.clear();
  known.set(key, found);
  return matches;
}

/**
 * The value `make` gives for `key`, made once per key object (React Router's route tables are
 * made once per build and then only read). `also` must be the same objects as the first time,
 * or the value is made again.
 */
export function oncePer<Key extends object, Value>(
  cache: WeakMap<Key, { also: readonly unknown[]; value: Value }>,
  key: Key,
  also: readonly unknown[],
  make: () => Value,
): Value {
  const known = cache.get(key);
  if (known && known.also.length === also.length && known.also.every((v, i) => v === also[i]))
    return known.value;
  const value = make();
  cache.set(key, { also, value });
  return value;
}

/** A backslash, an empty segment, or a "." or ".." segment: React Router would rewrite these. */
const REWRITTEN_PATH = /\\|\/\/|\/\.\.?(?:\/|$)/;

/**
 * Whether React Router's server-side `<Link>` would give `to` back unchanged as its href (with
 * the basename "/"): an absolute path whose path part React Router's resolution leaves as it is
 * (no empty, "." or ".." segment, no backslash) and whose search and hash are not a lone "?" or
 * "#" (which it drops). Such a link needs none of the hooks that resolve it against the route and
 * location, which a rendered page runs for every one of its links (ADR 0057).
 */
export function isPlainPath(to: unknown): to is string {
  if (typeof to !== "string" || to.charCodeAt(0) !== 47) return false;
  const hashAt = to.indexOf("#");
  const beforeHash = hashAt < 0 ? to : to.slice(0, hashAt);
  if (hashAt >= 0 && hashAt === to.length - 1) return false;
  const searchAt = beforeHash.indexOf("?");
  if (searchAt >= 0 && searchAt === beforeHash.length - 1) return false;
  return !REWRITTEN_PATH.test(searchAt < 0 ? beforeHash : beforeHash.slice(0, searchAt));
}

/** The props React Router's `<Link>` takes for itself; the rest go on the anchor. */
const ROUTER_LINK_PROPS = new Set([
  "onClick",
  "discover",
  "prefetch",
  "relative",
  "reloadDocument",
  "replace",
  "mask",
  "state",
  "target",
  "to",
  "preventScrollReset",
  "viewTransition",
  "defaultShouldRevalidate",
]);

/** A `<Link>` the server can render as a plain anchor: a plain path, no prefetch, no mask. */
export function isPlainLink(props: Record<string, unknown>): boolean {
  return (
    (props.prefetch === undefined || props.prefetch === "none") &&
    props.mask == null &&
    isPlainPath(props.to)
  );
}

/**
 * The anchor's props for a plain link, as React Router's `<Link>` makes them on the server: its
 * own props left out, then `href`, `target` and `data-discover` (in that order, which is the
 * attributes' order in the markup). Its click handler and ref do nothing in server markup.
 */
export function plainAnchorProps(props: Record<string, unknown>): Record<string, unknown> {
  const anchor: Record<string, unknown> = {};
  for (const key in props) if (!ROUTER_LINK_PROPS.has(key)) anchor[key] = props[key];
  anchor.href = props.to;
  anchor.target = props.target;
  anchor["data-discover"] =
    props.discover === undefined || props.discover === "render" ? "true" : undefined;
  return anchor;
}
