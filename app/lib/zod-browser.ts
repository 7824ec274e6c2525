import { config } from "zod";

// Loaded only in the browser, beside a form's schema (useFormValidation in ./forms). Zod must not
// probe for eval there: it tries `new Function("")` to compile fast parsers, and although it
// catches the refusal, our CSP (script-src without 'unsafe-eval') reports it, so every page with
// a form showed a CSP issue in Chrome's Issues panel and lost Lighthouse's best-practices point.
// The server keeps the compiled parsers.
config({ jitless: true });
