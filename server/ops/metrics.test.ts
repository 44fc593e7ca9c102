import { describe, expect, it } from 'vitest';
import { runProcess } from '../engines/process-runner';
import { Metrics, processMetrics } from './metrics';

describe('metrics', () => {
  it('writes counters and histograms in the Prometheus text format, labels escaped', () => {
    const metrics = new Metrics();
    metrics.httpRequests.inc({ method: 'GET', route: '/a"b', status: '200' });
    metrics.httpRequests.inc({ method: 'GET', route: '/a"b', status: '200' });
    metrics.httpDuration.observe({ method: 'GET', route: '/x' }, 0.03);
    const text = metrics.render([
      { name: 'polycue_job_queue_depth', help: 'Waiting jobs.', values: [[{ queue: 'q' }, 4]] },
    ]);
    expect(text).toContain('# TYPE polycue_http_requests_total counter');
    expect(text).toContain('polycue_http_requests_total{method="GET",route="/a\\"b",status="200"} 2');
    expect(text).toContain('polycue_http_request_duration_seconds_bucket{method="GET",route="/x",le="0.025"} 0');
    expect(text).toContain('polycue_http_request_duration_seconds_bucket{method="GET",route="/x",le="0.05"} 1');
    expect(text).toContain('polycue_http_request_duration_seconds_count{method="GET",route="/x"} 1');
    expect(text).toContain('polycue_job_queue_depth{queue="q"} 4');
  });

  it('exports the event loop delay since the last scrape: a loop held 150 ms shows as max and p99 ≥ 0.15 s, then resets', async () => {
    const metrics = new Metrics();
    metrics.eventLoopDelay.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const until = performance.now() + 150;
    while (performance.now() < until); // holds the loop, as a synchronous parse of a big file did
    await new Promise((resolve) => setTimeout(resolve, 30));
    const text = metrics.render();
    expect(text).toContain('# TYPE polycue_event_loop_delay_seconds summary');
    const max = Number(/^polycue_event_loop_delay_seconds_max (\S+)$/m.exec(text)?.[1]);
    const p99 = Number(/^polycue_event_loop_delay_seconds\{quantile="0.99"\} (\S+)$/m.exec(text)?.[1]);
    expect(max).toBeGreaterThanOrEqual(0.14);
    expect(p99).toBeGreaterThanOrEqual(0.14);
    await new Promise((resolve) => setTimeout(resolve, 60));
    // Reset at the scrape: the next one no longer shows the held loop (or nothing, before a sample).
    expect(Number(/^polycue_event_loop_delay_seconds_max (\S+)$/m.exec(metrics.render())?.[1] ?? 0)).toBeLessThan(0.14);
  });

  it('counts an engine process that fails or times out, not one cancelled on purpose', async () => {
    const failures = () => processMetrics.engineFailures.values.get('command="sh"') ?? 0;
    const before = failures();
    await expect(runProcess('sh', ['-c', 'exit 3'])).rejects.toThrow(/exited with 3/);
    await expect(runProcess('sh', ['-c', 'exec sleep 5'], { timeoutMs: 50 })).rejects.toThrow(/timed out/);
    const controller = new AbortController();
    const cancelled = runProcess('sh', ['-c', 'exec sleep 5'], { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toThrow(/aborted/);
    expect(failures()).toBe(before + 2);
  });
});
