// How far V8 lets the old generation grow before its next full collection. By default V8 picks a
// factor of up to four times what survived the last one when a process allocates fast, as a
// server rendering pages does: about 35 MB alive let the heap reach 137 MB between collections,
// the swing that kept the process over its memory budget (docs/design.md section 9). A fixed
// 1.75 times keeps it under the budget; measured on servers loaded side by side, it costs
// rendered and cached pages 0-3 % of CPU (docs/decisions/0064). Kept in plain JavaScript, like
// server/main.js, which applies it before the app loads.
import v8 from "node:v8";

export const HEAP_GROWTH_FLAG = "--heap-growing-percent";
export const HEAP_GROWING_PERCENT = 75;

/**
 * Sets V8's heap growth unless the command line already does (an operator's
 * `node --heap-growing-percent=N server/main.js` wins; 0 gives V8 its own choice back).
 * Returns the flag it set, or null.
 */
export function boundHeapGrowth(execArgv = process.execArgv) {
  const given = execArgv.some((arg) => {
    const name = arg.split("=")[0].replaceAll("_", "-");
    return name === HEAP_GROWTH_FLAG;
  });
  if (given) return null;
  const flag = `${HEAP_GROWTH_FLAG}=${HEAP_GROWING_PERCENT}`;
  v8.setFlagsFromString(flag);
  return flag;
}
