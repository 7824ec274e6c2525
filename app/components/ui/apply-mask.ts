import type { ChangeEvent } from "react";

/**
 * Reformats an uncontrolled input in place while the person types, keeping the caret where it
 * was: the caret lands after the formatted text that stood before it. Uncontrolled on purpose:
 * the server renders the formatted default value and the field works untouched without
 * JavaScript; the mask is only a convenience on top.
 */
function applyMask(input: HTMLInputElement, format: (value: string) => string): void {
  const { value } = input;
  const formatted = format(value);
  if (formatted === value) return;
  const caret = input.selectionStart;
  input.value = formatted;
  if (caret === null || document.activeElement !== input) return;
  const position = Math.min(format(value.slice(0, caret)).length, formatted.length);
  input.setSelectionRange(position, position);
}

/** An onChange handler that masks the field, then calls the caller's own handler. */
export function maskedChangeHandler(
  format: (value: string) => string,
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void,
) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    applyMask(event.currentTarget, format);
    onChange?.(event);
  };
}
