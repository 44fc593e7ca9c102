import { describe, expect, it } from 'vitest';
import { runProcess } from '../engines/process-runner';
import { Metrics, processMetrics } from './metrics';

describe('metrics', () => {
  it('writes counters and histograms in the Prometheus text format, labels escaped', () => {
    const metrics = new Metrics();
    metrics.httpRequests.inc({ method: 'GET', route: '/a"b', status: '200' });
    metrics.httpRequests.inc({ method: 'GET', route: '/a"b', status: '200' });
    metrics.httpDuration.observe({ method: 'GET', route: '/x' }, 0.03);
    const text = metrics.render([{ name: 'polycue_job_queue_depth', help: 'Waiting jobs.', values: [[{ queue: 'q' }, 4]] }]);
    expect(text).toContain('# TYPE polycue_http_requests_total counter');
    expect(text).toContain('polycue_http_requests_total{method="GET",route="/a\\"b",status="200"} 2');
    expect(text).toContain('polycue_http_request_duration_seconds_bucket{method="GET",route="/x",le="0.025"} 0');
    expect(text).toContain('polycue_http_request_duration_seconds_bucket{method="GET",route="/x",le="0.05"} 1');
    expect(text).toContain('polycue_http_request_duration_seconds_count{method="GET",route="/x"} 1');
    expect(text).toContain('polycue_job_queue_depth{queue="q"} 4');
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
