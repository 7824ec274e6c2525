import { usePublicConfig } from "~/components/layout/use-public-config";
import { LegalPage } from "~/components/public/legal/legal-page";
import { privacyPolicySections } from "~/components/public/legal/privacy-policy";
import { publicPageMeta } from "~/components/public/page-meta";
import type { Route } from "./+types/politicas-de-privacidade";

export function meta({ matches }: Route.MetaArgs) {
  const config = matches[0]?.loaderData?.config;
  return publicPageMeta({
    config,
    title: "Política de privacidade",
    description:
      "Quais dados pessoais coletamos, para que, quem os vê, por quanto tempo ficam guardados, os cookies que usamos e como exercer seus direitos da LGPD.",
    path: "/politicas-de-privacidade",
  });
}

export default function PrivacyPolicy() {
  const { appName, contactEmail } = usePublicConfig();
  return (
    <LegalPage
      title="Política de privacidade"
      {...privacyPolicySections({ appName, contactEmail })}
    />
  );
}
