import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './project-version-list-pages';

describe('acceptsGzip', () => {
  it('reads Accept-Encoding as browsers send it, refusals (q=0) included', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('x-gzip2, deflate')).toBe(false);
  });
});
