import { Link } from "react-router";
import { listFeaturedInstitutions } from "~/institutions/public-institutions.server";
import { usePublicConfig } from "~/lib/use-public-config";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "Conecta Voluntário";
  return [
    { title: `${appName} | Voluntariado que transforma` },
    {
      name: "description",
      content:
        "Encontre instituições beneficentes e eventos perto de você e comece a ser voluntário.",
    },
  ];
}

export async function loader() {
  return { institutions: await listFeaturedInstitutions() };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { appName } = usePublicConfig();
  return (
    <>
      <section className="bg-brand-50">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <h1 className="max-w-2xl text-3xl font-bold sm:text-5xl">
            Conecte-se a quem precisa da sua ajuda
          </h1>
          <p className="mt-4 max-w-xl text-lg text-ink-muted">
            O {appName} aproxima voluntários de instituições beneficentes e dos eventos que elas
            organizam.
          </p>
          <Link
            to="/auth/cadastro"
            className="mt-8 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
          >
            Quero ser voluntário
          </Link>
        </div>
      </section>
      <section
        id="instituicoes"
        aria-labelledby="instituicoes-titulo"
        className="mx-auto max-w-6xl px-4 py-12"
      >
        <h2 id="instituicoes-titulo" className="text-2xl font-bold">
          Instituições
        </h2>
        {loaderData.institutions.length === 0 ? (
          <p className="mt-4 text-ink-muted">Nenhuma instituição encontrada</p>
        ) : (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.institutions.map((institution) => (
              <li
                key={institution.id}
                className="overflow-hidden rounded-xl border border-line bg-white"
              >
                {institution.coverUrl && (
                  <img
                    src={institution.coverUrl}
                    alt=""
                    width={851}
                    height={315}
                    loading="lazy"
                    className="aspect-[851/315] w-full object-cover"
                  />
                )}
                <div className="p-4">
                  <h3 className="font-semibold">{institution.name}</h3>
                  <p className="text-sm text-ink-muted">
                    {institution.city}/{institution.state}
                  </p>
                  <p className="mt-2 text-sm">{institution.summary}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
