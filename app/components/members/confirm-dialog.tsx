import { type ReactNode, useEffect, useId, useRef } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { PrimaryButton } from "~/components/ui/primary-button";
import { TwoButtonRow } from "~/components/ui/two-button-row";
import { useHydrated } from "~/components/ui/use-hydrated";

/**
 * A "are you sure?" step that a page renders while its URL asks for it (`?cancelar=<id>`,
 * `?remover=<id>`): without JavaScript it is an open <dialog> over a dimmed page; with
 * JavaScript it becomes a modal one (focus kept inside, Esc closes). The confirm button posts
 * `fields` to `action`; the other one goes back to `back`, which drops the parameter.
 */
export function ConfirmDialog({
  title,
  children,
  action,
  back,
  fields,
  keepLabel,
  confirmLabel,
}: {
  title: string;
  children: ReactNode;
  action: string;
  back: string;
  fields: Record<string, string>;
  keepLabel: string;
  confirmLabel: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const titleId = useId();
  const submitting = useNavigation().state === "submitting";

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.matches(":modal")) return;
    dialog.close();
    dialog.showModal();
  }, []);

  return (
    <>
      {hydrated ? null : <div aria-hidden="true" className="fixed inset-0 z-40 bg-ink/50" />}
      <dialog
        ref={ref}
        open
        aria-labelledby={titleId}
        onCancel={(domEvent) => {
          domEvent.preventDefault();
          navigate(back, { preventScrollReset: true });
        }}
        className="fixed inset-0 z-50 m-auto h-fit w-[calc(100%-2rem)] max-w-md rounded-2xl border border-line bg-white p-6 text-ink shadow-xl backdrop:bg-ink/50"
      >
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        <div className="mt-2 text-ink-muted">{children}</div>
        <Form method="post" action={action} className="mt-6">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <TwoButtonRow>
            <Link
              to={back}
              preventScrollReset
              className={buttonStyles({ variant: "secondary", fullWidth: true })}
            >
              {keepLabel}
            </Link>
            <PrimaryButton variant="danger" fullWidth loading={submitting}>
              {confirmLabel}
            </PrimaryButton>
          </TwoButtonRow>
        </Form>
      </dialog>
    </>
  );
}
