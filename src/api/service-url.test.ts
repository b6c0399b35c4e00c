import { describe, expect, it } from 'vitest';
import { serviceUrl } from './service-url';

describe('serviceUrl', () => {
  it('joins the base and the path, and sets the query parameters that have a value, encoded', () => {
    expect(serviceUrl('https://vision.example.com/api', '/1/applications/a%2Fb/detections', { limit: 10, reverse: true, cursor: null, start: undefined, q: 'red & blue' }))
      .toBe('https://vision.example.com/api/1/applications/a%2Fb/detections?limit=10&reverse=true&q=red+%26+blue');
  });

  it('leaves out the question mark without parameters', () => {
    expect(serviceUrl('http://127.0.0.1:8080', '/1/version')).toBe('http://127.0.0.1:8080/1/version');
  });
});
