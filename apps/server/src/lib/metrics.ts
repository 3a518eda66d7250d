/**
 * The Prometheus metrics of one app instance (prom-client): HTTP, jobs, bot runs and syncs, plus
 * prom-client's default process, heap, GC and event-loop-lag metrics. A registry per instance
 * (kept in ProcessMemory), so test apps in one process never add to each other's counts.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'th_http_requests_total',
      help: 'HTTP requests by method, route and status.',
      labelNames: ['method', 'route', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'th_http_request_duration_seconds',
      help: 'HTTP request duration by route.',
      labelNames: ['route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    jobRuns: new Counter({
      name: 'th_job_runs_total',
      help: 'Background job runs by job and outcome.',
      labelNames: ['job', 'outcome'] as const,
      registers,
    }),
    botRunTransitions: new Counter({
      name: 'th_bot_run_transitions_total',
      help: 'AlphaORB run state transitions by state.',
      labelNames: ['state'] as const,
      registers,
    }),
    syncs: new Counter({
      name: 'th_broker_syncs_total',
      help: 'Linked-account syncs by outcome.',
      labelNames: ['outcome'] as const,
      registers,
    }),
    // Kept beside prom-client's process_resident_memory_bytes: existing dashboards read this name.
    residentMemory: new Gauge({
      name: 'th_process_resident_memory_bytes',
      help: 'Resident memory of this process.',
      registers,
      collect() {
        this.set(process.memoryUsage().rss);
      },
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
