import { spawn } from "node:child_process";

/**
 * Prometheus's text format read by the reference parser: the official Python client's
 * (`prometheus_client.parser`, Debian's python3-prometheus-client, installed by .ci/run). A
 * family's samples come as Prometheus stores them: histograms as their _bucket, _sum and _count
 * samples, each with its labels.
 */
export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  type: string;
  help: string;
  samples: MetricSample[];
}

/** Debian's interpreter: the one whose packages hold the parser (not a pyenv shim on PATH). */
const PYTHON = "/usr/bin/python3";

const SCRIPT = `
import json, math, sys
from prometheus_client.parser import text_string_to_metric_families
out = []
for family in text_string_to_metric_families(sys.stdin.read()):
    out.append({"name": family.name, "type": family.type, "help": family.documentation,
        "samples": [{"name": s.name, "labels": s.labels,
            "value": s.value if math.isfinite(s.value) else str(s.value)} for s in family.samples]})
json.dump(out, sys.stdout)
`;

/** Parses `text`; rejects with the parser's own message when it is not valid text format. */
export function parsePrometheusText(text: string): Promise<MetricFamily[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, ["-c", SCRIPT], { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("close", (code) => {
      if (code === 0) resolve(JSON.parse(stdout) as MetricFamily[]);
      else reject(new Error(`not Prometheus text format: ${stderr.trim()}`));
    });
    child.stdin.end(text);
  });
}
