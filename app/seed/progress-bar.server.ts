/**
 * A progress line for long operator commands, on stderr so stdout stays clean for output:
 * bar, percentage, rows per second and time left. On a terminal it redraws in place (at most
 * ten times a second); in a log file it writes a line every 10 %.
 */
export class ProgressBar {
  private readonly started = performance.now();
  private lastDraw = 0;
  private lastLoggedTenth = -1;

  constructor(
    private readonly label: string,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {}

  update(done: number, total: number): void {
    const now = performance.now();
    const finished = done >= total;
    if (this.stream.isTTY) {
      if (!finished && now - this.lastDraw < 100) return;
      this.lastDraw = now;
      this.stream.write(`\r${this.line(done, total, now)}\x1b[K${finished ? "\n" : ""}`);
      return;
    }
    const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
    if (tenth === this.lastLoggedTenth) return;
    this.lastLoggedTenth = tenth;
    this.stream.write(`${this.line(done, total, now)}\n`);
  }

  private line(done: number, total: number, now: number): string {
    const fraction = total === 0 ? 1 : done / total;
    const width = 30;
    const filled = Math.round(fraction * width);
    const seconds = (now - this.started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const left = rate > 0 ? (total - done) / rate : Number.NaN;
    return [
      `${this.label} [${"#".repeat(filled)}${"-".repeat(width - filled)}]`,
      `${(fraction * 100).toFixed(1).padStart(5)}%`,
      `${formatCount(done)}/${formatCount(total)} rows`,
      `${formatCount(Math.round(rate))} rows/s`,
      done >= total ? `took ${formatDuration(seconds)}` : `ETA ${formatDuration(left)}`,
    ].join("  ");
  }
}

const formatCount = (value: number) => value.toLocaleString("en-US");

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "--:--";
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, "0")}`;
}
