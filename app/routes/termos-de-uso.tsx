import { usePublicConfig } from "~/components/layout/use-public-config";
import { LegalPage } from "~/components/public/legal/legal-page";
import { termsOfUseSections } from "~/components/public/legal/terms-of-use";
import { publicPageMeta } from "~/components/public/page-meta";
import type { Route } from "./+types/termos-de-uso";

export function meta({ matches }: Route.MetaArgs) {
  const config = matches[0]?.loaderData?.config;
  return publicPageMeta({
    config,
    title: "Termos de uso",
    description: `Como funciona o ${config?.appName ?? "Conecta Voluntário"}: uso gratuito, cadastro, análise de instituições e eventos, candidaturas e suporte por e-mail.`,
    path: "/termos-de-uso",
  });
}

export default function TermsOfUse() {
  const { appName, contactEmail } = usePublicConfig();
  return <LegalPage title="Termos de uso" {...termsOfUseSections({ appName, contactEmail })} />;
}
