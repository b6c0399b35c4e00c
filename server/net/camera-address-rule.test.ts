import { describe, expect, it } from 'vitest';
import { cameraAddressJudge, cameraUrlRefusal, parseCidr, type CameraAddressRules } from './camera-address-rule';

const rules: CameraAddressRules = { allowedNetworks: ['192.168.10.0/24', 'fd00:1::/64', '169.254.0.0/16'], listensOnLoopback: true, ownPort: () => 8080 };
const judge = cameraAddressJudge(rules, 554);

describe('the camera address rule', () => {
  it.each(['192.168.10.7', 'fd00:1::9', '::ffff:192.168.10.7', '93.184.215.14', '127.0.0.1'])('lets a camera be at %s', (address) => {
    expect(judge(address)).toBeNull();
  });

  it.each([
    ['192.168.11.7', /private address \(an operator may allow camera networks with CAMERA_ALLOWED_NETWORKS\)/],
    ['10.0.0.1', /private/],
    ['169.254.169.254', /link-local.*never/], // listed, and still refused
    ['fe80::1', /link-local.*never/],
    ['::ffff:169.254.169.254', /link-local.*never/],
  ])('refuses %s', (address, reason) => {
    expect(judge(address)).toMatch(reason);
  });

  it("refuses loopback when the service listens elsewhere, and the service's own port always", () => {
    expect(cameraAddressJudge({ ...rules, listensOnLoopback: false }, 554)('127.0.0.1')).toMatch(/allowed only while the service listens on loopback/);
    expect(cameraAddressJudge(rules, 8080)('127.0.0.1')).toMatch(/this service itself/);
  });

  it('judges a URL by its host as written, names included', () => {
    expect(cameraUrlRefusal(new URL('http://metadata.google.internal/x.jpg'), rules)).toMatch(/cloud metadata/);
    expect(cameraUrlRefusal(new URL('rtsp://localhost:8080/live'), rules)).toMatch(/this service itself/);
    expect(cameraUrlRefusal(new URL('rtsp://192.168.10.20/live'), rules)).toBeNull();
    expect(cameraUrlRefusal(new URL('http://camera.example/x.jpg'), rules)).toBeNull();
  });

  it.each([
    ['192.168.10.0/24', true],
    ['fd00::/8', true],
    ['192.168.10.0', false],
    ['192.168.10.0/33', false],
    ['camera.example/24', false],
  ])('reads %s as a CIDR: %s', (text, valid) => {
    expect(parseCidr(text) !== null).toBe(valid);
  });
});
