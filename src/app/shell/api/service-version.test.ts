import { serviceVersionText } from './service-version';

describe('serviceVersionText', () => {
  it('names the interface version, and the build by its number or as a local build (never "build 0")', () => {
    expect(serviceVersionText({ version: '1', build_number: 12, build_time: '2025-01-01T00:00:00Z' })).toBe('API v1 · build 12');
    expect(serviceVersionText({ version: '1', build_number: 0, build_time: '2025-01-01T00:00:00Z' })).toBe('API v1 · local build');
  });
});
