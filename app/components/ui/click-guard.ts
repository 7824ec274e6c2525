import type { SyntheticEvent } from "react";

/**
 * A click handler for buttons that must ignore clicks while busy (SPEC: a loading button ignores
 * clicks): while `busy` the click is cancelled, so it neither runs `onClick` nor submits a form.
 */
export function ignoreClicksWhileBusy<E extends SyntheticEvent>(
  busy: boolean,
  onClick?: (event: E) => void,
): (event: E) => void {
  return (event) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
}
