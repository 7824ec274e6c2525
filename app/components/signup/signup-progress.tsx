import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  SIGNUP_PROGRESS_STEP_MS,
  SIGNUP_PROGRESS_STEP_PERCENT,
  SIGNUP_REDIRECT_DELAY_MS,
} from "~/config/constants";

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
const TOTAL_MS =
  (100 / SIGNUP_PROGRESS_STEP_PERCENT) * SIGNUP_PROGRESS_STEP_MS + SIGNUP_REDIRECT_DELAY_MS;

function message(percent: number): { title: string; detail: string } {
  if (percent >= 100) return { title: "Prontinho!", detail: "Conta criada com sucesso." };
  if (percent >= 75) return { title: "Finalizando...", detail: "Estamos preparando a sua página." };
  return { title: "Aguarde", detail: "Criando sua conta..." };
}

/**
 * The sign-up's last screen (docs/spec.md): the ring advances 25% every 1.5 s through the three
 * messages, then after 2 s the person, already signed in, goes to their home. Without
 * JavaScript a refresh tag does the same after the same time.
 */
export function SignupProgress({ homePath }: { homePath: string }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [percent, setPercent] = useState(0);

  useEffect(() => {
    const timer = setInterval(() => {
      setPercent((value) => Math.min(100, value + SIGNUP_PROGRESS_STEP_PERCENT));
    }, SIGNUP_PROGRESS_STEP_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (percent < 100) return;
    const timer = setTimeout(() => navigate(homePath, { replace: true }), SIGNUP_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [percent, homePath, navigate]);

  const { title, detail } = message(percent);
  return (
    // The last step stands alone (SPEC: no header): it covers the page, footer included.
    <main
      id="conteudo"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center bg-surface px-6 text-center"
    >
      <noscript>
        <meta httpEquiv="refresh" content={`${Math.ceil(TOTAL_MS / 1000)};url=${homePath}`} />
      </noscript>
      <div
        role="progressbar"
        aria-label="Criando sua conta"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="relative size-40"
      >
        <svg viewBox="0 0 120 120" className="size-full -rotate-90" aria-hidden="true">
          <circle
            cx="60"
            cy="60"
            r={RADIUS}
            fill="none"
            strokeWidth="10"
            className="stroke-brand-100"
          />
          <circle
            cx="60"
            cy="60"
            r={RADIUS}
            fill="none"
            strokeWidth="10"
            strokeLinecap="round"
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - percent / 100)}
            className={
              hydrated
                ? "stroke-brand-700 transition-[stroke-dashoffset] duration-700 ease-out"
                : "animate-signup-ring stroke-brand-700"
            }
          />
        </svg>
        {hydrated ? (
          <span className="absolute inset-0 flex items-center justify-center text-3xl font-bold text-brand-900">
            {percent}%
          </span>
        ) : null}
      </div>
      <div role="status" className="mt-8">
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        <p className="mt-2 text-lg text-ink-muted">{detail}</p>
      </div>
    </main>
  );
}
