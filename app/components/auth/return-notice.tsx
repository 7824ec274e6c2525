import { HeartIcon } from "~/components/ui/icons";

/**
 * Why a person who tapped "Quero fazer parte" is asked to sign in or sign up, and where they go
 * afterwards: the application form of that institution.
 */
export function ReturnNotice({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className="mb-6 flex items-start gap-3 rounded-xl bg-brand-50 p-4 text-brand-900">
      <HeartIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <span className="font-medium">{text}</span>
    </p>
  );
}
