import { type ReactNode, useEffect, useId, useRef } from "react";
import { useNavigate } from "react-router";

/**
 * A native <dialog>. The server renders it open in the page flow, so confirming works without
 * JavaScript (its buttons are a link and a POST form); once hydrated it becomes modal with
 * showModal(): focus moves inside, the page behind is inert and Escape closes it, going to
 * `closeHref` (the same address without the dialog), which is also what the cancel link does.
 */
export function ModalDialog({
  title,
  description,
  closeHref,
  tone = "neutral",
  wide = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  closeHref: string;
  tone?: "neutral" | "success" | "danger";
  /** Room for a form (the rejection's reasons) rather than a sentence and two buttons. */
  wide?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    return () => opener?.focus?.();
  }, []);

  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        navigate(closeHref, { replace: true, preventScrollReset: true });
      }}
      // Fixed in the middle of the screen both ways: without JavaScript it is not modal, but it
      // still sits over the page where the person is looking.
      // Long e-mails and names wrap inside it; a tall form scrolls inside it on a short screen.
      className={`fixed inset-0 z-40 m-auto h-fit max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl border border-line bg-white p-5 break-words text-ink shadow-raised backdrop:bg-ink/50 sm:p-6 ${wide ? "w-[min(36rem,calc(100%-2rem))]" : "w-[min(28rem,calc(100%-2rem))]"}`}
    >
      <h2
        id={titleId}
        className={
          tone === "success"
            ? "text-2xl font-bold text-success-700"
            : tone === "danger"
              ? "text-2xl font-bold text-danger-700"
              : "text-2xl font-bold text-ink"
        }
      >
        {title}
      </h2>
      {description ? (
        <div id={descriptionId} className="mt-3 text-base text-ink-muted">
          {description}
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-3">{children}</div>
    </dialog>
  );
}
