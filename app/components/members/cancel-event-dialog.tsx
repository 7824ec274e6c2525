import { useEffect, useId, useRef } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { PrimaryButton } from "~/components/ui/primary-button";
import { TwoButtonRow } from "~/components/ui/two-button-row";
import { useHydrated } from "~/components/ui/use-hydrated";

const BACK = "/app/instituicao";

/**
 * "Cancelar evento" asks first. The page renders this while the URL holds `?cancelar=<id>`:
 * without JavaScript it is an open <dialog> over a dimmed page; with JavaScript it becomes a
 * modal one (focus kept inside, Esc closes). "Sim, cancelar evento" posts the cancellation;
 * "Não, manter evento" just drops the parameter.
 */
export function CancelEventDialog({ event }: { event: { id: string; name: string } }) {
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
          navigate(BACK, { preventScrollReset: true });
        }}
        className="fixed inset-0 z-50 m-auto h-fit w-[calc(100%-2rem)] max-w-md rounded-2xl border border-line bg-white p-6 text-ink shadow-xl backdrop:bg-ink/50"
      >
        <h2 id={titleId} className="text-xl font-bold">
          Cancelar evento?
        </h2>
        <p className="mt-2 text-ink-muted">
          O evento <strong className="text-ink">{event.name}</strong> deixa de aparecer no site e
          não pode ser reativado. Esta ação não pode ser desfeita.
        </p>
        <Form method="post" action={BACK} className="mt-6">
          <input type="hidden" name="intent" value="cancel-event" />
          <input type="hidden" name="id" value={event.id} />
          <TwoButtonRow>
            <Link
              to={BACK}
              preventScrollReset
              className={buttonStyles({ variant: "secondary", fullWidth: true })}
            >
              Não, manter evento
            </Link>
            <PrimaryButton variant="danger" fullWidth loading={submitting}>
              Sim, cancelar evento
            </PrimaryButton>
          </TwoButtonRow>
        </Form>
      </dialog>
    </>
  );
}
