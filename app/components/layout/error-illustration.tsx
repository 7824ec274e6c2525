/**
 * A lost-path scene for the not-found and error pages: a signpost on a hill with a dashed trail
 * that leads nowhere. Decorative; the heading says what happened.
 */
export function ErrorIllustration({ broken = false }: { broken?: boolean }) {
  return (
    <svg
      viewBox="14 18 292 182"
      aria-hidden="true"
      focusable="false"
      className="h-auto w-72 sm:w-96"
    >
      <circle cx="250" cy="52" r="22" fill="#ffedd5" />
      <circle cx="250" cy="52" r="13" fill="#fdba74" />
      <ellipse cx="160" cy="176" rx="150" ry="18" fill="#ccfbf1" />
      <path d="M20 176c40-34 90-44 140-40s100 18 140 40Z" fill="#99f6e4" />
      <path
        d="M42 170c28-20 60-22 84-14s44 6 64-4"
        fill="none"
        stroke="#0f766e"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray="2 10"
      />
      <rect x="152" y="62" width="8" height="100" rx="3" fill="#115e59" />
      <path d="M114 70h74l14 13-14 13h-74Z" fill="#0f766e" />
      <path d="M198 104h-70l-14 12 14 12h70Z" fill="#14b8a6" />
      {broken ? (
        <path d="M148 78l12 10M160 78l-12 10" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      ) : (
        <path
          d="M146 76.5a7 7 0 1 1 9.5 6.6c-1.9.8-2.5 2-2.5 3.9M153 93h.01"
          fill="none"
          stroke="#fff"
          strokeWidth="3.5"
          strokeLinecap="round"
        />
      )}
      <path d="M136 116h40" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
      <path
        d="M232 150s-12-7-12-15a6.5 6.5 0 0 1 12-3.6 6.5 6.5 0 0 1 12 3.6c0 8-12 15-12 15Z"
        fill="#fb923c"
      />
      <circle cx="72" cy="58" r="3" fill="#5eead4" />
      <circle cx="96" cy="34" r="2" fill="#5eead4" />
      <circle cx="288" cy="110" r="2.5" fill="#5eead4" />
    </svg>
  );
}
