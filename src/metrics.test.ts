import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics';

describe('the requests’ histogram', () => {
  it('is made at scrape from the counts: cumulative buckets, +Inf, sum and count, one series per method, route and status', async () => {
    const { registry, httpRequests } = createMetrics();
    httpRequests.observe('GET', '/games/:id/view', 200, 0.003);
    httpRequests.observe('GET', '/games/:id/view', 200, 0.02);
    httpRequests.observe('GET', '/games/:id/view', 200, 20);
    httpRequests.observe('POST', '/games/:id/moves', 409, 0.5);
    const text = await registry.getSingleMetricAsString('http_request_duration_seconds');
    const view = 'method="GET",route="/games/:id/view",status_code="200"';
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain(`http_request_duration_seconds_bucket{${view},le="0.005"} 1`);
    expect(text).toContain(`http_request_duration_seconds_bucket{${view},le="0.025"} 2`);
    expect(text).toContain(`http_request_duration_seconds_bucket{${view},le="10"} 2`);
    expect(text).toContain(`http_request_duration_seconds_bucket{${view},le="+Inf"} 3`);
    expect(text).toContain(`http_request_duration_seconds_sum{${view}} 20.023`);
    expect(text).toContain(`http_request_duration_seconds_count{${view}} 3`);
    expect(text).toContain('http_request_duration_seconds_count{method="POST",route="/games/:id/moves",status_code="409"} 1');
  });
});
