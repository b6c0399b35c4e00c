import { answerMeta, browserEnvironment } from './client-data';

describe('answerMeta', () => {
  const env = {
    appName: 'looplabel',
    appVersion: '0.1.0',
    userAgent: 'TestAgent/1',
    viewport: { width: 1280, height: 800 },
    devicePixelRatio: 2,
    sessionId: 'session-1',
  };

  it('gives decision_time in fractional Unix seconds and the time spent on the item', () => {
    const meta = answerMeta(env, 'mouse', 1_700_000_000_000, 1_700_000_003_250);
    expect(meta.decision_time).toBe(1_700_000_003.25);
    expect(meta.client_data).toEqual({
      app_name: 'looplabel',
      app_version: '0.1.0',
      user_agent: 'TestAgent/1',
      viewport: { width: 1280, height: 800 },
      device_pixel_ratio: 2,
      input_device: 'mouse',
      session_id: 'session-1',
      decision_seconds: 3.25,
    });
  });

  it('never reports negative time when clocks disagree', () => {
    expect(answerMeta(env, 'keyboard', 2000, 1000).client_data.decision_seconds).toBe(0);
  });

  it('reads the browser environment', () => {
    const read = browserEnvironment('looplabel', '1.0.0', 's');
    expect(read.userAgent).toBe(navigator.userAgent);
    expect(read.viewport).toEqual({ width: window.innerWidth, height: window.innerHeight });
  });
});
