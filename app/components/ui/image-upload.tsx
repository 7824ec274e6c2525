import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { COVER_MIN_HEIGHT_PX, COVER_MIN_WIDTH_PX } from "~/config/constants";
import { NOT_AN_IMAGE } from "~/images/image-messages";
import { cx } from "./class-names";
import { DEFAULT_AVATAR_URL } from "./default-images";
import { ErrorMessage } from "./error-message";
import { describedBy, type FieldError, FieldHint, hasError } from "./field";
import { CameraIcon, ImageIcon, TrashIcon, UploadIcon } from "./icons";
import { useHydrated } from "./use-hydrated";

/** SPEC: png, jpeg and jpg are accepted; anything else clears the image and its preview. */
const ACCEPTED_TYPES = ["image/png", "image/jpeg"];

interface ImageUploadProps {
  name: string;
  /** "profile" is a round photo; "landing" is the wide cover photo of an institution or event. */
  variant?: "profile" | "landing";
  label?: string;
  /** The image already saved, shown until the person picks another or removes it. */
  defaultImageUrl?: string | null;
  hint?: string;
  error?: FieldError;
  disabled?: boolean;
  required?: boolean;
  /** Posted as "true" when the person removed the saved image without choosing a new one. */
  removeName?: string;
  onFileChange?: (file: File | null) => void;
  className?: string;
}

/**
 * Photo picker with preview and the actions "Enviar foto", "Alterar foto" and "Excluir foto".
 * Without JavaScript it is a plain file input under the current picture; with JavaScript the
 * input is hidden behind the buttons and the chosen file is previewed from an object URL
 * (nothing is uploaded before the form is sent).
 */
export function ImageUpload({
  name,
  variant = "profile",
  label = variant === "landing" ? "Foto de capa" : "Foto de perfil",
  defaultImageUrl = null,
  hint = variant === "landing"
    ? `Tamanho indicado: mín. ${COVER_MIN_WIDTH_PX} x ${COVER_MIN_HEIGHT_PX} pixels`
    : undefined,
  error,
  disabled,
  required,
  removeName,
  onFileChange,
  className,
}: ImageUploadProps) {
  const hydrated = useHydrated();
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const ids = { id: `${baseId}-arquivo`, hintId: `${baseId}-dica`, errorId: `${baseId}-erro` };
  const labelId = `${baseId}-rotulo`;

  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  const [removed, setRemoved] = useState(false);
  const [typeError, setTypeError] = useState<string | null>(null);
  const shownError = typeError ?? error;
  const imageUrl = objectUrl ?? (removed ? null : defaultImageUrl);

  // Each preview URL holds the file in memory until revoked.
  useEffect(() => {
    if (!objectUrl) return;
    return () => URL.revokeObjectURL(objectUrl);
  }, [objectUrl]);

  const clear = () => {
    if (inputRef.current) inputRef.current.value = "";
    setObjectUrl(null);
    setRemoved(true);
    onFileChange?.(null);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    if (!ACCEPTED_TYPES.includes(file.type)) {
      clear();
      setTypeError(NOT_AN_IMAGE);
      return;
    }
    setTypeError(null);
    setObjectUrl(URL.createObjectURL(file));
    onFileChange?.(file);
  };

  const landing = variant === "landing";
  const preview = landing ? (
    <div className="relative aspect-851/315 w-full overflow-hidden rounded-2xl border border-line bg-brand-50">
      {imageUrl ? (
        <img src={imageUrl} alt="" className="absolute inset-0 size-full object-cover" />
      ) : (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-1.5 bg-[repeating-linear-gradient(135deg,transparent_0_12px,rgb(15_118_110/0.05)_12px_24px)] text-brand-800">
          <ImageIcon className="size-8" />
          <span className="text-sm font-medium">Nenhuma foto de capa</span>
        </div>
      )}
    </div>
  ) : (
    <img
      src={imageUrl ?? DEFAULT_AVATAR_URL}
      alt=""
      width={112}
      height={112}
      className="size-24 shrink-0 rounded-full border border-line bg-brand-50 object-cover shadow-card sm:size-28"
    />
  );

  const actionStyle =
    "inline-flex min-h-11 items-center gap-2 rounded-xl px-3.5 text-sm font-semibold transition-colors focus-ring disabled:cursor-not-allowed disabled:opacity-50";
  const actions = hydrated ? (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        disabled={disabled}
        onClick={() => inputRef.current?.click()}
        className={cx(
          actionStyle,
          "border border-brand-700 bg-white text-brand-800 hover:bg-brand-50",
        )}
      >
        {imageUrl ? <CameraIcon className="size-4" /> : <UploadIcon className="size-4" />}
        {imageUrl ? "Alterar foto" : "Enviar foto"}
      </button>
      {imageUrl ? (
        <button
          type="button"
          disabled={disabled}
          onClick={() => {
            clear();
            setTypeError(null);
          }}
          className={cx(actionStyle, "text-danger-700 hover:bg-danger-50")}
        >
          <TrashIcon className="size-4" />
          Excluir foto
        </button>
      ) : null}
    </div>
  ) : null;

  return (
    <fieldset
      aria-describedby={describedBy(ids, { hint, error: shownError })}
      className={cx("flex w-full max-w-field min-w-0 flex-col gap-3", className)}
    >
      <legend id={labelId} className="mb-3 text-sm font-semibold text-ink">
        {label}
      </legend>
      <div className={cx("flex gap-4", landing ? "flex-col" : "items-center")}>
        {preview}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <input
            ref={inputRef}
            id={ids.id}
            aria-labelledby={labelId}
            type="file"
            name={name}
            accept={ACCEPTED_TYPES.join(",")}
            disabled={disabled}
            required={required && !imageUrl}
            aria-invalid={hasError(shownError) || undefined}
            onChange={handleChange}
            // Once JavaScript runs the buttons stand in for it; it still carries the file.
            tabIndex={hydrated ? -1 : undefined}
            className={
              hydrated
                ? "sr-only"
                : "block w-full max-w-xs text-sm text-ink-muted file:mr-3 file:min-h-10 file:rounded-xl file:border file:border-brand-700 file:bg-white file:px-3.5 file:font-semibold file:text-brand-800"
            }
          />
          {actions}
          {hint ? <FieldHint id={ids.hintId}>{hint}</FieldHint> : null}
          <ErrorMessage id={ids.errorId} message={shownError} alert={Boolean(typeError)} />
        </div>
      </div>
      {removed && removeName && !objectUrl && defaultImageUrl ? (
        <input type="hidden" name={removeName} value="true" />
      ) : null}
    </fieldset>
  );
}
