import { ConfirmDialog } from "./confirm-dialog";

const BACK = "/app/instituicao";

/**
 * "Cancelar evento" asks first, while the URL holds `?cancelar=<id>` (ConfirmDialog).
 * "Sim, cancelar evento" posts the cancellation; "Não, manter evento" just drops the parameter.
 */
export function CancelEventDialog({ event }: { event: { id: string; name: string } }) {
  return (
    <ConfirmDialog
      title="Cancelar evento?"
      action={BACK}
      back={BACK}
      fields={{ intent: "cancel-event", id: event.id }}
      keepLabel="Não, manter evento"
      confirmLabel="Sim, cancelar evento"
    >
      <p>
        O evento <strong className="text-ink">{event.name}</strong> deixa de aparecer no site e não
        pode ser reativado. Esta ação não pode ser desfeita.
      </p>
    </ConfirmDialog>
  );
}
