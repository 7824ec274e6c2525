import type { AppRun, RunSettings } from "./app-run";
import type { ProfileFrame } from "./cpu-profile";
import type { QueryTiming } from "./datasets";
import type { MachineInfo } from "./machine";

/** What one bench run measured: written out by report.ts, judged by budgets.ts. */
export interface SearchRun {
  backend: string;
  datasetLabel: string;
  timings: QueryTiming[];
}

export interface BenchReport {
  startedAt: Date;
  finishedAt: Date;
  machine: MachineInfo;
  loadAtStart: string;
  loadAtEnd: string;
  /** The search query alone: `searchRuns` calls per term, or as many as fit in `searchSeconds`. */
  settings: RunSettings & { searchRuns: number; searchSeconds: number };
  runs: AppRun[];
  searches: SearchRun[];
  profile?: { what: string; frames: ProfileFrame[] };
  smoke: boolean;
}
