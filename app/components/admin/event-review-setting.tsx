import { Form, useNavigation } from "react-router";
import { PrimaryButton } from "~/components/ui/primary-button";

/** The intent the admin dashboard's action routes to saveEventReviewSetting (admin/settings.server). */
export const EVENT_REVIEW_SETTING_INTENT = "salvar-configuracao";

/**
 * The admins' choice on published events (issue 14): whether a new date or place sends an
 * approved event back to review. A plain form (works without JavaScript) posting the intent
 * and, when checked, eventChangesNeedReview=on.
 */
export function EventReviewSetting({
  eventChangesNeedReview,
}: {
  eventChangesNeedReview: boolean;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === EVENT_REVIEW_SETTING_INTENT;
  return (
    <Form
      method="post"
      preventScrollReset
      aria-labelledby="configuracao-eventos"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-5 shadow-card"
    >
      <h2 id="configuracao-eventos" className="text-lg font-bold text-ink">
        Configuração dos eventos publicados
      </h2>
      <input type="hidden" name="intent" value={EVENT_REVIEW_SETTING_INTENT} />
      <label className="flex min-h-11 items-start gap-3 py-1 text-ink">
        <input
          type="checkbox"
          name="eventChangesNeedReview"
          defaultChecked={eventChangesNeedReview}
          aria-describedby="configuracao-eventos-dica"
          className="mt-0.5 size-5 shrink-0 accent-brand-700 focus-ring"
        />
        <span>Alterações de data ou local de eventos aprovados voltam para análise</span>
      </label>
      <p id="configuracao-eventos-dica" className="text-sm text-ink-muted">
        Desmarcado: o evento continua publicado com a nova data ou o novo local. Textos e capa
        sempre mudam na hora.
      </p>
      <PrimaryButton size="sm" loading={saving} className="self-start">
        Salvar
      </PrimaryButton>
    </Form>
  );
}
