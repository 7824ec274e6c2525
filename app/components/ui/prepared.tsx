import { type ComponentType, createElement, useContext } from "react";
import { PreparedHtmlContext } from "~/lib/prepared-html";

type PartTag = "article" | "nav" | "div";
type PartAttributes = { className?: string; "aria-labelledby"?: string };

/**
 * A part of a page, `<Tag {...attributes}><Body {...props} /></Tag>`, whose inside the server
 * renders once for each distinct `props` and then writes as the HTML it kept
 * (docs/decisions/0059): a list's cards are most of its page's markup, and the same institutions
 * and events come back on page after page, search after search.
 *
 * `Body` must be a pure function of its props, serialisable as JSON: no state, no effect and no
 * context, except links to absolute paths (which render as plain anchors on the server, ADR
 * 0057). The kept HTML is rendered outside the page's tree, so anything read from the page's
 * context would differ; tests/unit/prepared-html.test.ts and tests/e2e/prepared-html.test.ts
 * check that pages are byte-identical before and after their parts are kept.
 *
 * `reuse(props)` false renders the part in place: one that makes React add something to the
 * page's head (an image loaded with high priority is preloaded there) must be.
 *
 * The browser never has a store: its build gets the plain wrapper alone, so the store's code and
 * the JSON of the props stay out of the page's JavaScript (the landing page's 120 KB budget).
 */
export function prepared<P extends object>(
  Tag: PartTag,
  attributes: PartAttributes,
  Body: ComponentType<P>,
  reuse?: (props: P) => boolean,
): ComponentType<P> {
  if (!import.meta.env.SSR)
    return (props: P) => (
      <Tag {...attributes}>
        <Body {...props} />
      </Tag>
    );
  const name = `${Body.name || "part"}#${++parts}`;
  // The wrapper's attributes are named one by one: the server bundle turns JSX spreads into
  // helper calls (ADR 0063), and a list renders this twenty times a page.
  const className = attributes.className;
  const labelledBy = attributes["aria-labelledby"];
  return function PreparedOnServer(props: P) {
    const store = useContext(PreparedHtmlContext);
    const key = store && (!reuse || reuse(props)) ? `${name}\u0000${JSON.stringify(props)}` : null;
    const html = key === null ? undefined : store?.html(key);
    if (html !== undefined)
      return (
        <Tag
          className={className}
          aria-labelledby={labelledBy}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own escaped rendering of Body with these props.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      );
    // Body's own props object (a component's props are not changed by React).
    const body = createElement(Body, props);
    if (key !== null) store?.prepare(key, body);
    return (
      <Tag className={className} aria-labelledby={labelledBy}>
        {body}
      </Tag>
    );
  };
}

/** Numbers the parts of this process, so two bodies of the same name never share keys. */
let parts = 0;
