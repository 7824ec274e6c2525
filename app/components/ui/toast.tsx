import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { TOAST_DURATION_MS } from "~/config/constants";
import type { FlashTone } from "~/lib/flash";
import { cx } from "./class-names";
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from "./icons-common";

/** A toast shows flash messages too, so it has their tones. */
export type ToastTone = FlashTone;
/** SPEC section 9: public pages top-right, admin top-center. */
export type ToastPosition = "top-right" | "top-center";

interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
}

export interface ToastApi {
  show: (message: string, tone?: ToastTone) => void;
  success: (message: string) => void;
  error: (message: string) => void;
}

const noop = () => {};
const ToastContext = createContext<ToastApi>({ show: noop, success: noop, error: noop });

/** Shows a toast from any component under a ToastProvider: `useToast().success("...")`. */
export function useToast(): ToastApi {
  return useContext(ToastContext);
}

let nextId = 0;

/**
 * Holds the toasts of its subtree and renders them. The live region is in the server HTML from
 * the start, so screen readers already watch it when the first message arrives. An admin layout
 * can wrap its pages in a second provider with position "top-center".
 */
export function ToastProvider({
  position = "top-right",
  children,
}: {
  position?: ToastPosition;
  children: ReactNode;
}) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);
  const api = useMemo<ToastApi>(() => {
    const show = (message: string, tone: ToastTone = "info") => {
      nextId += 1;
      const id = nextId;
      setToasts((list) => [...list, { id, message, tone }]);
    };
    return {
      show,
      success: (message) => show(message, "success"),
      error: (message) => show(message, "error"),
    };
  }, []);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        aria-live="polite"
        className={cx(
          "pointer-events-none fixed inset-x-4 top-4 z-50 flex flex-col gap-2 sm:inset-x-auto sm:w-96",
          position === "top-right" ? "sm:right-6 sm:top-6" : "sm:left-1/2 sm:-translate-x-1/2",
        )}
      >
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

const TONES: Record<ToastTone, { icon: ReactNode; accent: string }> = {
  success: { icon: <CheckCircleIcon />, accent: "text-success-700 border-l-success-700" },
  error: { icon: <AlertIcon />, accent: "text-danger-700 border-l-danger-700" },
  info: { icon: <InfoIcon />, accent: "text-brand-700 border-l-brand-700" },
};

/** One toast: closes itself after TOAST_DURATION_MS, but not while hovered or focused. */
function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(TOAST_DURATION_MS);

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, toast.id, onDismiss]);

  const tone = TONES[toast.tone];
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pausing on hover is a courtesy, not a control.
    <div
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={cx(
        "pointer-events-auto flex animate-toast-in items-start gap-3 rounded-xl border border-l-4 border-line bg-white py-3 pr-2 pl-3.5 shadow-raised",
        tone.accent,
      )}
    >
      <span className="mt-0.5 shrink-0 [&>svg]:size-5">{tone.icon}</span>
      <p className="min-w-0 flex-1 pt-0.5 text-sm font-medium [overflow-wrap:anywhere] text-ink">
        {toast.message}
      </p>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        aria-label="Fechar notificação"
        className="-my-1 flex size-9 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-surface hover:text-ink focus-ring"
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}
