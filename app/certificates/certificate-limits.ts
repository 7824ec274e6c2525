/** A revocation's reason, in characters; free of Zod for the form's field (ADR 0010). */
export const REASON_LIMITS = { min: 10, max: 500 };
