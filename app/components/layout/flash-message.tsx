import { useEffect } from "react";
import { useToast } from "~/components/ui/toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { Flash } from "~/lib/flash";

/**
 * The message an action left for the next page ("Logout realizado com sucesso."). With
 * JavaScript it becomes a toast; without, the server renders it as a banner.
 */
export function FlashMessage({ flash }: { flash: Flash | null }) {
  const hydrated = useHydrated();
  const toast = useToast();
  useEffect(() => {
    if (flash) toast.show(flash.message, flash.tone);
  }, [flash, toast.show]);
  if (!flash || hydrated) return null;
  return (
    <p
      role={flash.tone === "error" ? "alert" : "status"}
      className={
        flash.tone === "error"
          ? "bg-danger-50 px-4 py-3 text-center font-semibold [overflow-wrap:anywhere] text-danger-800"
          : "bg-success-50 px-4 py-3 text-center font-semibold [overflow-wrap:anywhere] text-success-700"
      }
    >
      {flash.message}
    </p>
  );
}
