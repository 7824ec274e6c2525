import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";

/** The closing call to action, for both kinds of account. */
export function JoinBand() {
  return (
    <section aria-labelledby="junte-se-titulo" className="bg-brand-700">
      <div className="mx-auto flex max-w-page flex-col items-start gap-6 px-4 py-14 sm:py-16 lg:flex-row lg:items-center lg:justify-between">
        <div>
          <h2
            id="junte-se-titulo"
            className="text-2xl font-bold tracking-tight text-balance text-white sm:text-3xl"
          >
            Pronto para fazer a diferença?
          </h2>
          <p className="mt-2 max-w-xl text-lg text-pretty text-brand-50">
            Crie sua conta gratuita como voluntário ou cadastre a sua instituição para receber
            voluntários.
          </p>
        </div>
        <Link
          to="/auth/cadastro"
          className={buttonStyles({ variant: "secondary", className: "w-full px-7 sm:w-auto" })}
        >
          Cadastre-se grátis
        </Link>
      </div>
    </section>
  );
}
