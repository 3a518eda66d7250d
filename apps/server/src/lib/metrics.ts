/**
 * A small Prometheus registry (text exposition format 0.0.4): counters, gauges and histograms
 * with labels. Enough for HTTP, jobs, bot runs and syncs without another dependency.
 */
type Labels = Record<string, string | number>;

const key = (labels: Labels) =>
  Object.keys(labels)
    .sort()
    .map((name) => `${name}="${String(labels[name]).replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
    .join(',');

abstract class Metric {
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: 'counter' | 'gauge' | 'histogram',
  ) {}
  abstract lines(): string[];
}

export class Counter extends Metric {
  private values = new Map<string, number>();
  constructor(name: string, help: string) {
    super(name, help, 'counter');
  }
  inc(labels: Labels = {}, by = 1) {
    const k = key(labels);
    this.values.set(k, (this.values.get(k) ?? 0) + by);
  }
  lines() {
    return [...this.values].map(([k, v]) => `${this.name}${k ? `{${k}}` : ''} ${v}`);
  }
}

export class Gauge extends Metric {
  private values = new Map<string, () => number>();
  constructor(name: string, help: string) {
    super(name, help, 'gauge');
  }
  /** Gauges are read when scraped, so they never go stale. */
  track(read: () => number, labels: Labels = {}) {
    this.values.set(key(labels), read);
  }
  lines() {
    return [...this.values].map(([k, read]) => `${this.name}${k ? `{${k}}` : ''} ${read()}`);
  }
}

export class Histogram extends Metric {
  private series = new Map<string, { counts: number[]; sum: number; count: number }>();
  constructor(
    name: string,
    help: string,
    private readonly buckets: number[],
  ) {
    super(name, help, 'histogram');
  }
  observe(value: number, labels: Labels = {}) {
    const k = key(labels);
    let s = this.series.get(k);
    if (!s) {
      s = { counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(k, s);
    }
    this.buckets.forEach((bound, i) => {
      if (value <= bound) s.counts[i]! += 1;
    });
    s.sum += value;
    s.count += 1;
  }
  lines() {
    const out: string[] = [];
    for (const [k, s] of this.series) {
      const prefix = k ? `${k},` : '';
      this.buckets.forEach((bound, i) => out.push(`${this.name}_bucket{${prefix}le="${bound}"} ${s.counts[i]}`));
      out.push(`${this.name}_bucket{${prefix}le="+Inf"} ${s.count}`);
      out.push(`${this.name}_sum${k ? `{${k}}` : ''} ${s.sum}`);
      out.push(`${this.name}_count${k ? `{${k}}` : ''} ${s.count}`);
    }
    return out;
  }
}

const registry: Metric[] = [];
const register = <M extends Metric>(metric: M) => {
  registry.push(metric);
  return metric;
};

export const metrics = {
  httpRequests: register(new Counter('th_http_requests_total', 'HTTP requests by method, route and status.')),
  httpDuration: register(
    new Histogram('th_http_request_duration_seconds', 'HTTP request duration by route.', [
      0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
    ]),
  ),
  jobRuns: register(new Counter('th_job_runs_total', 'Background job runs by job and outcome.')),
  botRunTransitions: register(new Counter('th_bot_run_transitions_total', 'AlphaORB run state transitions by state.')),
  syncs: register(new Counter('th_broker_syncs_total', 'Linked-account syncs by outcome.')),
  process: register(new Gauge('th_process_resident_memory_bytes', 'Resident memory of this process.')),
};
metrics.process.track(() => process.memoryUsage().rss);

export function renderMetrics(): string {
  return (
    registry
      .flatMap((metric) => [`# HELP ${metric.name} ${metric.help}`, `# TYPE ${metric.name} ${metric.type}`, ...metric.lines()])
      .join('\n') + '\n'
  );
}
