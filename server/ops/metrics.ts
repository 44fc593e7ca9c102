/**
 * The process's own metrics, written in the Prometheus text format by /metrics. A few counters and
 * histograms kept in memory (no dependency): each web or worker process exposes its own, and the
 * scraper adds them up across machines, as Prometheus does with every instance.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

type Labels = Record<string, string>;

/** Seconds: from a fast JSON answer to a long pipeline step. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800];

const key = (labels: Labels) =>
  Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}="${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
    .join(',');

class Counter {
  readonly values = new Map<string, number>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  inc(labels: Labels, by = 1): void {
    const k = key(labels);
    this.values.set(k, (this.values.get(k) ?? 0) + by);
  }
  render(): string[] {
    return [
      `# HELP ${this.name} ${this.help}`,
      `# TYPE ${this.name} counter`,
      ...[...this.values].map(([k, v]) => `${this.name}{${k}} ${v}`),
    ];
  }
}

class Histogram {
  readonly series = new Map<string, { buckets: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  observe(labels: Labels, seconds: number): void {
    const k = key(labels);
    const entry = this.series.get(k) ?? { buckets: BUCKETS.map(() => 0), sum: 0, count: 0 };
    BUCKETS.forEach((bound, index) => seconds <= bound && entry.buckets[index]!++);
    entry.sum += seconds;
    entry.count += 1;
    this.series.set(k, entry);
  }
  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const [k, { buckets, sum, count }] of this.series) {
      const sep = k ? ',' : '';
      BUCKETS.forEach((bound, index) => lines.push(`${this.name}_bucket{${k}${sep}le="${bound}"} ${buckets[index]}`));
      lines.push(
        `${this.name}_bucket{${k}${sep}le="+Inf"} ${count}`,
        `${this.name}_sum{${k}} ${sum}`,
        `${this.name}_count{${k}} ${count}`,
      );
    }
    return lines;
  }
}

/**
 * How late the event loop ran (perf_hooks.monitorEventLoopDelay, sampled every 10 ms): a request
 * that holds the loop (a big import parsed on it, issue 22) delays every other request by as
 * much, and shows here first. Written as a summary of the time since the previous scrape (then
 * reset, as prom-client does), so a scrape shows the last interval's p99 and max, not an average
 * over the process's life.
 */
export class EventLoopDelay {
  private histogram: IntervalHistogram | null = null;

  start(): void {
    if (this.histogram) return;
    this.histogram = monitorEventLoopDelay({ resolution: 10 });
    this.histogram.enable();
  }

  render(): string[] {
    const h = this.histogram;
    if (!h || h.count === 0) return [];
    const seconds = (ns: number) => Number((ns / 1e9).toFixed(6));
    const name = 'polycue_event_loop_delay_seconds';
    const lines = [
      `# HELP ${name} How late the event loop ran timers since the previous scrape (perf_hooks.monitorEventLoopDelay, 10 ms resolution).`,
      `# TYPE ${name} summary`,
      ...[0.5, 0.9, 0.99].map((q) => `${name}{quantile="${q}"} ${seconds(h.percentile(q * 100))}`),
      `${name}_sum ${seconds(h.mean * h.count)}`,
      `${name}_count ${h.count}`,
      `# HELP ${name}_max The longest the event loop was held since the previous scrape.`,
      `# TYPE ${name}_max gauge`,
      `${name}_max ${seconds(h.max)}`,
    ];
    h.reset();
    return lines;
  }
}

export class Metrics {
  readonly httpRequests = new Counter(
    'polycue_http_requests_total',
    'HTTP requests answered, by method, route and status.',
  );
  readonly httpDuration = new Histogram(
    'polycue_http_request_duration_seconds',
    'Time to answer an HTTP request, by method and route.',
  );
  readonly jobDuration = new Histogram(
    'polycue_job_duration_seconds',
    'Time a job handler ran, by job (pipeline steps are jobs), whether it succeeded or failed.',
  );
  readonly jobFailures = new Counter(
    'polycue_job_failures_total',
    'Job runs that failed (pg-boss retries them), by job.',
  );
  readonly engineFailures = new Counter(
    'polycue_engine_failures_total',
    'Engine processes (ffmpeg, pocketsphinx, apertium, espeak-ng, yt-dlp…) that failed or timed out, by command.',
  );
  readonly eventLoopDelay = new EventLoopDelay();

  /** The text /metrics answers; `gauges` are read at scrape time (queue depth). */
  render(gauges: { name: string; help: string; values: [Labels, number][] }[] = []): string {
    const lines = [
      this.httpRequests,
      this.httpDuration,
      this.jobDuration,
      this.jobFailures,
      this.engineFailures,
      this.eventLoopDelay,
    ].flatMap((metric) => metric.render());
    for (const gauge of gauges) {
      lines.push(
        `# HELP ${gauge.name} ${gauge.help}`,
        `# TYPE ${gauge.name} gauge`,
        ...gauge.values.map(([labels, value]) => `${gauge.name}{${key(labels)}} ${value}`),
      );
    }
    return `${lines.join('\n')}\n`;
  }
}

/** One per process: the engines and the job queue record into it wherever they run. */
export const processMetrics = new Metrics();
// From the first import on (the host's operations routes import this): the delay is measured all the time, read at scrape.
processMetrics.eventLoopDelay.start();
