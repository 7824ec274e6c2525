import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The longest test files, longest first, as measured on the CI machine (docs/benchmarks.md,
 * "Test suite time"). In a pooled run (tests/run-all.sh) a long file started last would run
 * alone at the end while the other workers sit idle; started first, the short files fill in
 * around it. Vitest orders by the durations of an earlier run itself, but a clean clone in CI
 * has none, and then it orders by file size, which says little about time.
 */
const SLOWEST_FIRST = [
  // The timed pairs' longest (their own run, tests/run-all.sh).
  "tests/e2e/fuzz-actions.test.ts",
  // The pooled run, from the clean-clone run of 2026-11-27 08:15 (seconds in the pool):
  "tests/integration/cause-filters.test.ts", // 108 on PGlite, 41 on PostgreSQL
  "tests/e2e/accounts-signup.test.ts", // 88
  "tests/e2e/bench-smoke.test.ts", // 83
  "tests/e2e/a11y-pages.test.ts", // 76
  "tests/e2e/hours.test.ts", // 70
  "tests/e2e/public-pages.test.ts", // 69
  "tests/e2e/agreements.test.ts", // 67
  "tests/e2e/admin-backoffice.test.ts", // 60
  "tests/e2e/certificates.test.ts", // 56
  "tests/e2e/event-participation-states.test.ts", // 52
  "tests/e2e/accounts-rate-limits.test.ts", // 51
  "tests/e2e/journey-apply.test.ts", // 42
  "tests/e2e/event-participants.test.ts", // 42
  "tests/e2e/photos-upload.test.ts", // 41
  "tests/e2e/admin-layout.test.ts", // 39
  "tests/e2e/admin-moderation-loop.test.ts", // 37
  "tests/e2e/members-volunteer.test.ts", // 35
  "tests/e2e/a11y-keyboard.test.ts", // 34
  "tests/integration/public-queries.test.ts", // 32 on PGlite
  "tests/e2e/public-directory.test.ts", // 32
  "tests/e2e/members-institution.test.ts", // 31
  "tests/e2e/institution-self-service.test.ts", // 30
];

function rank(file: TestSpecification): number {
  const index = SLOWEST_FIRST.findIndex((name) => file.moduleId.endsWith(name));
  return index === -1 ? SLOWEST_FIRST.length : index;
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: Vitest's order stays among files of the same rank.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
