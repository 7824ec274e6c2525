import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The longest test files, longest first, as measured on the CI machine (docs/benchmarks.md,
 * "Test suite time"; reordered from the clean-clone run of 2026-11-27, issue 15's files added). In a pooled run (tests/run-all.sh) a long file started last would run
 * alone at the end while the other workers sit idle; started first, the short files fill in
 * around it. Vitest orders by the durations of an earlier run itself, but a clean clone in CI
 * has none, and then it orders by file size, which says little about time.
 */
const SLOWEST_FIRST = [
  "tests/e2e/fuzz-actions.test.ts",
  // Issue 16's journeys (clean-clone run of 2026-11-27 06:08: 169, 146 and 137 s).
  "tests/e2e/hours.test.ts",
  "tests/e2e/certificates.test.ts",
  "tests/e2e/agreements.test.ts",
  "tests/e2e/bench-smoke.test.ts",
  "tests/e2e/accounts-signup.test.ts",
  "tests/e2e/public-pages.test.ts",
  "tests/e2e/a11y-pages.test.ts",
  "tests/e2e/admin-backoffice.test.ts",
  "tests/integration/cause-filters.test.ts",
  "tests/e2e/photos-upload.test.ts",
  "tests/e2e/journey-apply.test.ts",
  "tests/e2e/accounts-rate-limits.test.ts",
  "tests/e2e/admin-moderation-loop.test.ts",
  "tests/e2e/event-participation-states.test.ts",
  "tests/e2e/event-participants.test.ts",
  "tests/e2e/admin-layout.test.ts",
  "tests/e2e/public-directory.test.ts",
  "tests/e2e/event-participation.test.ts",
  "tests/e2e/causes-and-skills.test.ts",
  "tests/e2e/a11y-keyboard.test.ts",
  "tests/e2e/accounts-login.test.ts",
  "tests/e2e/members-volunteer.test.ts",
  "tests/e2e/members-institution.test.ts",
  "tests/e2e/fuzz-requests.test.ts",
  "tests/e2e/security-xss.test.ts",
  "tests/integration/public-queries.test.ts",
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
