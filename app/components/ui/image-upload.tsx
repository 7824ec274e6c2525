import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { COVER_MIN_HEIGHT_PX, COVER_MIN_WIDTH_PX } from "~/config/constants";
import { stagedFieldName, stagedImageUrl } from "~/forms/staged-image-field";
import {
  ACCEPTED_PHOTO_TYPES,
  canDownsize,
  checkChosenFile,
  downsizePhoto,
  PhotoRefused,
  uploadPhoto,
} from "~/images/photo-upload";
import { cx } from "./class-names";
import { DEFAULT_AVATAR_URL } from "./default-images";
import { ErrorMessage } from "./error-message";
import { describedBy, type FieldError, FieldHint, hasError } from "./field";
import { CameraIcon, ImageIcon, TrashIcon, UploadIcon } from "./icons";
import { useHydrated } from "./use-hydrated";

interface ImageUploadProps {
  name: string;
  /** "profile" is a round photo; "landing" is the wide cover photo of an institution or event. */
  variant?: "profile" | "landing";
  label?: string;
  /** The image already saved, shown until the person picks another or removes it. */
  defaultImageUrl?: string | null;
  /**
   * A photo already staged for this form (docs/decisions/0029): kept by the sign-up draft when
   * the person went back, or echoed after a refused post. Shown and posted until replaced.
   */
  stagedToken?: string;
  hint?: string;
  error?: FieldError;
  disabled?: boolean;
  required?: boolean;
  /** Posted as "true" when the person removed the saved image without choosing a new one. */
  removeName?: string;
  className?: string;
}

/** The photo chosen in this form: staged (a token to post) or, where nothing can downsize, a file. */
interface Chosen {
  token: string | null;
  previewUrl: string;
}

/**
 * Photo picker with preview and the actions "Enviar foto", "Alterar foto" and "Excluir foto".
 * Without JavaScript it is a plain file input under the current picture, and the file goes with
 * the form. With JavaScript the input is hidden behind the buttons; a chosen photo is checked,
 * downsized and uploaded at once with a progress bar (images/photo-upload.ts), and the form
 * posts its token (`<name>Staged`) instead of the file. A refused file leaves the previous
 * picture (the saved one, or the one chosen before) and says what to do.
 */
export function ImageUpload({
  name,
  variant = "profile",
  label = variant === "landing" ? "Foto de capa" : "Foto de perfil",
  defaultImageUrl = null,
  stagedToken,
  hint = variant === "landing"
    ? `Tamanho indicado: mín. ${COVER_MIN_WIDTH_PX} x ${COVER_MIN_HEIGHT_PX} pixels`
    : undefined,
  error,
  disabled,
  required,
  removeName,
  className,
}: ImageUploadProps) {
  const hydrated = useHydrated();
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const ids = { id: `${baseId}-arquivo`, hintId: `${baseId}-dica`, errorId: `${baseId}-erro` };
  const labelId = `${baseId}-rotulo`;
  const kind = variant === "landing" ? "cover" : "profile";

  const [chosen, setChosen] = useState<Chosen | null>(
    stagedToken ? { token: stagedToken, previewUrl: stagedImageUrl(stagedToken) } : null,
  );
  // Downsizing first (previewUrl null: the previous picture stays shown), then uploading.
  const [uploading, setUploading] = useState<{
    previewUrl: string | null;
    percent: number;
  } | null>(null);
  const [removed, setRemoved] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const shownError = refusal ?? error;
  const imageUrl =
    uploading?.previewUrl ?? chosen?.previewUrl ?? (removed ? null : defaultImageUrl);

  // Each preview made from a blob holds it in memory until revoked.
  const blobUrls = useRef(new Set<string>());
  const previewOf = (blob: Blob) => {
    const url = URL.createObjectURL(blob);
    blobUrls.current.add(url);
    return url;
  };
  const release = (url: string | undefined) => {
    if (url && blobUrls.current.delete(url)) URL.revokeObjectURL(url);
  };
  useEffect(() => {
    const urls = blobUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const resetInput = () => {
    if (inputRef.current) inputRef.current.value = "";
  };

  /** Keeps whatever was shown before; the refused file is not posted. */
  const refuse = (message: string) => {
    resetInput();
    setRefusal(message);
  };

  const choose = (next: Chosen) => {
    release(chosen?.previewUrl);
    setChosen(next);
    setRemoved(false);
    setRefusal(null);
  };

  const clear = () => {
    resetInput();
    release(chosen?.previewUrl);
    setChosen(null);
    setRemoved(true);
    setRefusal(null);
  };

  const handleChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    const refused = checkChosenFile(file);
    if (refused) return refuse(refused);
    if (!canDownsize()) {
      // The file goes with the form, as without JavaScript.
      return choose({ token: null, previewUrl: previewOf(file) });
    }
    let previewUrl: string | undefined;
    setRefusal(null);
    setUploading({ previewUrl: null, percent: 0 });
    try {
      const photo = await downsizePhoto(file, kind);
      previewUrl = previewOf(photo);
      setUploading({ previewUrl, percent: 0 });
      const token = await uploadPhoto(photo, kind, (percent) =>
        setUploading((current) => (current ? { ...current, percent } : current)),
      );
      // The token stands for the photo now: the big file is not posted.
      resetInput();
      choose({ token, previewUrl });
    } catch (failure) {
      release(previewUrl);
      if (!(failure instanceof PhotoRefused)) throw failure;
      refuse(failure.message);
    } finally {
      setUploading(null);
    }
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
        disabled={disabled || Boolean(uploading)}
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
          disabled={disabled || Boolean(uploading)}
          onClick={clear}
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
            accept={ACCEPTED_PHOTO_TYPES.join(",")}
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
          {uploading ? (
            <UploadProgress percent={uploading.percent} preparing={!uploading.previewUrl} />
          ) : null}
          {hint ? <FieldHint id={ids.hintId}>{hint}</FieldHint> : null}
          <ErrorMessage id={ids.errorId} message={shownError} alert={Boolean(refusal)} />
        </div>
      </div>
      {chosen?.token ? (
        <input type="hidden" name={stagedFieldName(name)} value={chosen.token} />
      ) : null}
      {removed && removeName && !chosen && defaultImageUrl ? (
        <input type="hidden" name={removeName} value="true" />
      ) : null}
    </fieldset>
  );
}

/**
 * "Preparando foto…" while the browser downsizes it, then "Enviando foto… 45%": the bytes that
 * have left, as the browser reports them.
 */
function UploadProgress({ percent, preparing }: { percent: number; preparing: boolean }) {
  const text = preparing ? "Preparando foto…" : `Enviando foto… ${percent}%`;
  return (
    <div className="flex flex-col gap-1.5">
      <div
        role="progressbar"
        aria-label="Enviando foto"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2.5 w-full max-w-xs overflow-hidden rounded-full bg-brand-50 ring-1 ring-line"
      >
        <div
          className="h-full rounded-full bg-brand-700 transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm font-medium text-ink">{text}</p>
    </div>
  );
}
