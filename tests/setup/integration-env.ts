import { TEST_ORIGIN } from "../helpers/test-origin";

/**
 * One origin for every integration file. The files of a worker share its modules (isolate: false)
 * and the app reads its configuration once per process (env()), so an origin set by one file was
 * the one every later file of that worker got: a test that compared links with its own origin
 * passed or failed by file order. Files that need links compare them with TEST_ORIGIN, and none
 * sets or stubs BASE_URL itself.
 */
process.env.BASE_URL = TEST_ORIGIN;
