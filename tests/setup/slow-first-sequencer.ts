import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The longest test files, longest first, as measured on the CI machine (docs/benchmarks.md,
 * "Test suite time"). In a pooled run (tests/run-all.sh) a long file started last would run
 * alone at the end while the other workers sit idle; started first, the short files fill in
 * around it. Vitest orders by the durations of an earlier run itself, but a clean clone in CI
 * has none, and then it orders by file size, which says little about time.
 */
const SLOWEST_FIRST = [
  "tests/e2e/fuzz-actions.test.ts",
  "tests/e2e/a11y-pages.test.ts",
  "tests/e2e/public-pages.test.ts",
  "tests/e2e/accounts-signup.test.ts",
  "tests/e2e/accounts-rate-limits.test.ts",
  "tests/e2e/admin-backoffice.test.ts",
  "tests/e2e/bench-smoke.test.ts",
  "tests/e2e/accounts-login.test.ts",
  "tests/e2e/admin-moderation-loop.test.ts",
  "tests/e2e/members-institution.test.ts",
  "tests/e2e/fuzz-requests.test.ts",
  "tests/e2e/members-volunteer.test.ts",
  "tests/e2e/public-directory.test.ts",
  "tests/e2e/a11y-keyboard.test.ts",
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
