import { useRef, useState } from "react";
import { brDateToIso, formatDate, isoToBrDate } from "~/forms/masks";
import { maskedChangeHandler } from "./apply-mask";
import { CalendarIcon } from "./icons";
import { TextInput, type TextInputProps } from "./text-input";
import { useHydrated } from "./use-hydrated";

type DateFieldProps = Omit<
  TextInputProps,
  "label" | "type" | "defaultValue" | "value" | "min" | "max" | "trailing" | "ref"
> & {
  label?: string;
  /** ISO date (yyyy-MM-dd), shown as dd/MM/yyyy. */
  defaultValue?: string;
  /** Name of the hidden ISO copy; defaults to `${name}Iso`. */
  isoName?: string;
  /** ISO bounds for the calendar, e.g. today for an event date. */
  min?: string;
  max?: string;
};

/**
 * A date typed as dd/MM/yyyy (mask 99/99/9999) with a calendar button that opens the browser's
 * own date picker (no calendar library to download).
 *
 * What it posts: `name` always holds the text "dd/MM/yyyy", so the form works without
 * JavaScript (parse it with brDateToIso from ./masks). With JavaScript it also posts `isoName`
 * with the same date as yyyy-MM-dd, empty while the text is not a real date.
 */
export function DateField({
  name,
  label = "Data",
  defaultValue = "",
  isoName = `${name}Iso`,
  min,
  max,
  onChange,
  disabled,
  ...props
}: DateFieldProps) {
  const hydrated = useHydrated();
  const inputRef = useRef<HTMLInputElement>(null);
  const pickerRef = useRef<HTMLInputElement>(null);
  const [iso, setIso] = useState(() => brDateToIso(isoToBrDate(defaultValue)) ?? "");

  const openPicker = () => {
    const picker = pickerRef.current;
    try {
      picker?.showPicker();
    } catch {
      // Browsers without showPicker(): typing the date still works.
      inputRef.current?.focus();
    }
  };

  const calendar = hydrated ? (
    <>
      <button
        type="button"
        onClick={openPicker}
        disabled={disabled}
        aria-label="Abrir calendário"
        title="Abrir calendário"
        className="flex size-11 items-center justify-center rounded-lg text-ink-muted transition-colors hover:bg-brand-50 hover:text-brand-800 focus-ring disabled:cursor-not-allowed disabled:opacity-50"
      >
        <CalendarIcon />
      </button>
      <input
        ref={pickerRef}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        value={iso}
        min={min}
        max={max}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          setIso(chosen);
          if (inputRef.current) inputRef.current.value = isoToBrDate(chosen);
        }}
        className="sr-only bottom-0 right-0"
      />
      <input type="hidden" name={isoName} value={iso} />
    </>
  ) : (
    <span aria-hidden="true" />
  );

  return (
    <TextInput
      ref={inputRef}
      name={name}
      label={label}
      inputMode="numeric"
      autoComplete="off"
      placeholder="dd/mm/aaaa"
      maxLength={10}
      defaultValue={isoToBrDate(defaultValue)}
      disabled={disabled}
      trailing={calendar}
      onChange={maskedChangeHandler(formatDate, (event) => {
        setIso(brDateToIso(event.currentTarget.value) ?? "");
        onChange?.(event);
      })}
      {...props}
    />
  );
}
