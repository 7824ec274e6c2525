// The C library allocator's settings the server process starts with (docs/decisions/0064). glibc
// reads them when the process starts, before any JavaScript runs, so server/main.js cannot set
// them on itself: whoever starts it passes them (server/supervise.js for `npm start`,
// deploy/conecta-voluntario.service under systemd, a container's ENV, the bench).
// MALLOC_ARENA_MAX=2: glibc otherwise gives the threads that allocate (libuv's pool compressing
// pages, V8's collector helpers) arenas of their own, up to eight per core, each keeping what it
// freed; with two, the server held 2-20 MB less under load (median 14) for the same CPU per
// request.
export const SERVER_MALLOC_ENV = Object.freeze({ MALLOC_ARENA_MAX: "2" });

/** `env` with the allocator settings added where it does not set them already. */
export function withServerMallocEnv(env) {
  return { ...SERVER_MALLOC_ENV, ...env };
}
