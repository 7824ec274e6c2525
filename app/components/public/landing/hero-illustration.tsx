/**
 * The landing banner's picture, drawn inline (no request, nothing to wait for): the logo's heart
 * at the centre, linked by dashed paths to four causes (education, animals, environment, food).
 * Decorative: the heading beside it says what the product is.
 */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 420" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <linearGradient id="hero-core" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#14b8a6" />
          <stop offset="1" stopColor="#0f766e" />
        </linearGradient>
      </defs>
      <circle cx="240" cy="210" r="190" fill="#ccfbf1" opacity=".55" />
      <circle cx="240" cy="210" r="128" fill="#99f6e4" opacity=".45" />
      <g fill="none" stroke="#0f766e" strokeWidth="3" strokeLinecap="round" strokeDasharray="2 12">
        <path d="M240 210 C 180 160, 140 120, 92 96" />
        <path d="M240 210 C 300 160, 340 120, 392 92" />
        <path d="M240 210 C 180 270, 140 300, 96 330" />
        <path d="M240 210 C 300 270, 340 300, 388 326" />
      </g>
      <rect x="172" y="142" width="136" height="136" rx="38" fill="url(#hero-core)" />
      <path
        d="M240 250s-38-22.4-38-48.4a20.8 20.8 0 0 1 38-11.6 20.8 20.8 0 0 1 38 11.6c0 26-38 48.4-38 48.4Z"
        fill="#fff"
      />
      <circle cx="290" cy="158" r="14" fill="#fb923c" />

      <g transform="translate(52 56)">
        <circle cx="40" cy="40" r="40" fill="#fff" />
        <circle cx="40" cy="40" r="32" fill="#0d9488" />
        <path
          d="M40 30c-6-5-15-5-22-3v27c7-2 16-2 22 3 6-5 15-5 22-3V27c-7-2-16-2-22 3Z"
          fill="#fff"
        />
        <path d="M40 31v26" stroke="#0d9488" strokeWidth="2" />
      </g>
      <g transform="translate(352 52)">
        <circle cx="40" cy="40" r="40" fill="#fff" />
        <circle cx="40" cy="40" r="32" fill="#f97316" />
        <ellipse cx="40" cy="48" rx="10" ry="8" fill="#fff" />
        <circle cx="27" cy="37" r="4.5" fill="#fff" />
        <circle cx="35" cy="29" r="4.5" fill="#fff" />
        <circle cx="45" cy="29" r="4.5" fill="#fff" />
        <circle cx="53" cy="37" r="4.5" fill="#fff" />
      </g>
      <g transform="translate(56 290)">
        <circle cx="40" cy="40" r="40" fill="#fff" />
        <circle cx="40" cy="40" r="32" fill="#15803d" />
        <path d="M24 56c0-20 13-32 34-34-2 21-13 34-34 34Z" fill="#fff" />
        <path d="M25 55 49 31" stroke="#15803d" strokeWidth="2" strokeLinecap="round" />
      </g>
      <g transform="translate(348 286)">
        <circle cx="40" cy="40" r="40" fill="#fff" />
        <circle cx="40" cy="40" r="32" fill="#c2410c" />
        <path d="M20 40h40c0 12-9 19-20 19s-20-7-20-19Z" fill="#fff" />
        <path
          d="M32 34c-3-4 3-7 0-12M41 34c-3-4 3-7 0-12M50 34c-3-4 3-7 0-12"
          stroke="#fff"
          strokeWidth="2.5"
          fill="none"
          strokeLinecap="round"
        />
      </g>
      <circle cx="150" cy="46" r="5" fill="#5eead4" />
      <circle cx="430" cy="200" r="6" fill="#fdba74" />
      <circle cx="40" cy="214" r="4" fill="#5eead4" />
      <circle cx="250" cy="394" r="5" fill="#fdba74" />
    </svg>
  );
}
