// A container's HEALTHCHECK (README, "Deploying"): exits 0 when the server on PORT answers
// /healthz with 200 within three seconds, 1 otherwise. Plain JavaScript: no build, no tsx.
const port = process.env.PORT || "3000";
try {
  const response = await fetch(`http://127.0.0.1:${port}/healthz`, {
    signal: AbortSignal.timeout(3000),
  });
  process.exit(response.status === 200 ? 0 : 1);
} catch {
  process.exit(1);
}
