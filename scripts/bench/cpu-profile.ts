import { readFileSync } from "node:fs";

/**
 * Reads a V8 .cpuprofile (from `node --cpu-prof`) into the frames that used the most CPU: self
 * time per function, and inclusive ("total") time, so a hot spot shows up both where it burns
 * and under which caller.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileFrame {
  frame: string;
  selfPercent: number;
  totalPercent: number;
}

export function topFrames(file: string, count = 15): ProfileFrame[] {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let samples = 0;
  for (const id of profile.samples) {
    const node = byId.get(id);
    if (!node) continue;
    const name = frameName(node);
    if (name === "(idle)") continue;
    samples++;
    self.set(name, (self.get(name) ?? 0) + 1);
    // Each frame counts once per sample even when recursion puts it on the stack twice.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at);
      if (!frame) break;
      const frameLabel = frameName(frame);
      if (seen.has(frameLabel)) continue;
      seen.add(frameLabel);
      total.set(frameLabel, (total.get(frameLabel) ?? 0) + 1);
    }
  }
  const percent = (hits: number) => Math.round((hits / Math.max(samples, 1)) * 1000) / 10;
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([frame, hits]) => ({
      frame,
      selfPercent: percent(hits),
      totalPercent: percent(total.get(frame) ?? 0),
    }));
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  if (!url) return functionName || "(anonymous)";
  const file = url.replace(/^file:\/\//, "").replace(/^.*node_modules\//, "");
  const short = file.includes("/build/server/")
    ? `build/server/${file.split("/build/server/")[1]}`
    : file;
  return `${functionName || "(anonymous)"} ${short.replace(/^\/.*\/wt-[^/]+\//, "")}:${lineNumber + 1}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of topFrames(process.argv[2] ?? "", Number(process.argv[3] ?? 25))) {
    console.log(
      `${row.selfPercent.toFixed(1).padStart(5)} % self ${row.totalPercent.toFixed(1).padStart(5)} % total  ${row.frame}`,
    );
  }
}
