// The benchmark's React floor: an HTML page the app answered, turned back into a tree of React
// elements once, so a bare server can render the same markup with React alone (no router, no
// loaders, no database). Plain JavaScript, like hello-server.js: the floor servers run on Node
// alone, with no TypeScript loader in their process.
import { parse } from "parse5";
import { createElement, Suspense } from "react";

/**
 * React's boolean props (react-dom-server's pushAttribute, plus `checked` and `selected` of form
 * controls): React writes them as `name=""` when `true` and drops an empty string, so the empty
 * value HTML has must become `true`.
 */
const BOOLEAN_PROPS = new Set([
  "allowFullScreen",
  "async",
  "autoPlay",
  "checked",
  "controls",
  "credentialless",
  "default",
  "defer",
  "disabled",
  "disablePictureInPicture",
  "disableRemotePlayback",
  "formNoValidate",
  "hidden",
  "inert",
  "itemScope",
  "loop",
  "noModule",
  "noValidate",
  "open",
  "playsInline",
  "readOnly",
  "required",
  "reversed",
  "scoped",
  "seamless",
  "selected",
]);

/** HTML attribute names React spells differently (it writes them back as HTML). */
const PROP_NAMES = new Map([
  ["class", "className"],
  ["for", "htmlFor"],
]);

/**
 * A React element tree for a whole HTML document that React rendered: the `<html>` element with
 * everything in it, such that rendering the tree writes the same markup again.
 * - Attribute names are taken as the page spells them (`charSet`, `srcSet`: React writes the
 *   names it was given), from the source positions the parser records, not lower-cased.
 * - React's Suspense markers (`<!--$-->` ... `<!--/$-->`) become Suspense boundaries around
 *   what they enclose; other comments are left out (React writes its own `<!-- -->` between
 *   adjacent texts again). The markup is then the page's byte for byte, unless React had
 *   outlined a boundary (see children()).
 * - A stylesheet link with `data-precedence` is given back its `precedence`, so React hoists it
 *   as a stylesheet resource, as it did for the app.
 * - Parsed with scripting off, so a `<noscript>`'s content is elements, as React renders it.
 *
 * @param {string} html
 * @returns {import("react").ReactElement}
 */
export function documentElement(html) {
  const document = parse(html, { scriptingEnabled: false, sourceCodeLocationInfo: true });
  const root = document.childNodes.find((node) => node.nodeName === "html");
  if (!root || !("tagName" in root)) throw new Error("the page has no <html> element");
  return /** @type {import("react").ReactElement} */ (toReact(root, html));
}

/**
 * @typedef {import("parse5").DefaultTreeAdapterTypes.ChildNode} ChildNode
 * @typedef {import("parse5").DefaultTreeAdapterTypes.Element} Element
 */

/**
 * @param {ChildNode} node
 * @param {string} html
 * @returns {import("react").ReactNode}
 */
function toReact(node, html) {
  if (node.nodeName === "#text" && "value" in node) return node.value;
  if (!("tagName" in node)) return null;
  const childNodes = "content" in node ? node.content.childNodes : node.childNodes;
  return createElement(node.tagName, props(node, html), ...children(childNodes, html));
}

/**
 * @param {Element} element
 * @param {string} html
 * @returns {Record<string, unknown>}
 */
function props(element, html) {
  /** @type {Record<string, unknown>} */
  const result = {};
  const locations = element.sourceCodeLocation?.attrs ?? {};
  for (const attribute of element.attrs) {
    const location = locations[attribute.name];
    const written = location
      ? html.slice(location.startOffset, location.endOffset).split("=", 1)[0]
      : undefined;
    const name =
      written && written.toLowerCase() === attribute.name.toLowerCase()
        ? written
        : attribute.prefix
          ? `${attribute.prefix}:${attribute.name}`
          : attribute.name;
    if (name === "style") result.style = styleObject(attribute.value);
    else if (BOOLEAN_PROPS.has(name)) result[name] = true;
    else result[PROP_NAMES.get(name) ?? name] = attribute.value;
  }
  if (element.tagName === "link" && result.rel === "stylesheet" && "data-precedence" in result) {
    result.precedence = result["data-precedence"];
    delete result["data-precedence"];
  }
  return result;
}

/**
 * Sibling nodes as React children, the runs between `<!--$-->` and its `<!--/$-->` wrapped in
 * Suspense (boundaries nest: a stack of the runs still open). A boundary React had outlined
 * (`<!--$?-->`: a placeholder here, its content in a hidden div and a script further down) keeps
 * what it holds as plain elements, without its markers.
 *
 * @param {ChildNode[]} nodes
 * @param {string} html
 * @returns {import("react").ReactNode[]}
 */
function children(nodes, html) {
  /** @type {{ nodes: import("react").ReactNode[], suspense: boolean }[]} */
  const open = [{ nodes: [], suspense: false }];
  for (const node of nodes) {
    if (node.nodeName === "#comment" && "data" in node) {
      if (node.data.startsWith("$")) open.push({ nodes: [], suspense: node.data === "$" });
      else if (node.data === "/$" && open.length > 1) {
        const boundary = /** @type {(typeof open)[number]} */ (open.pop());
        const around = open.at(-1)?.nodes;
        if (boundary.suspense) around?.push(createElement(Suspense, null, ...boundary.nodes));
        else around?.push(...boundary.nodes);
      }
      continue;
    }
    const child = toReact(node, html);
    if (child !== null) open.at(-1)?.nodes.push(child);
  }
  return open.flatMap((run) => run.nodes);
}

/**
 * `a: b; --c: d` as React's style object: camelCase names (`-webkit-x` becomes `WebkitX`),
 * custom properties as they are.
 *
 * @param {string} text
 * @returns {Record<string, string>}
 */
export function styleObject(text) {
  /** @type {Record<string, string>} */
  const style = {};
  for (const declaration of text.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    if (!name) continue;
    const key = name.startsWith("--")
      ? name
      : name.replace(/^-ms-/, "ms-").replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
    style[key] = value;
  }
  return style;
}
