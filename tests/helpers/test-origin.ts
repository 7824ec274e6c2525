/**
 * The origin the app builds its links with in the integration tests (tests/setup/integration-env.ts
 * sets it as BASE_URL for every file; Vitest's own BASE_URL is Vite's "/").
 */
export const TEST_ORIGIN = "http://localhost:3000";
