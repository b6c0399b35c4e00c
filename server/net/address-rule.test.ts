import { describe, expect, it } from 'vitest';
import { classifyAddress, normalizeHost, refusalOfUrl, type CallbackAddressRules } from './address-rule';

const onLoopback: CallbackAddressRules = { allowedHosts: new Set(), listensOnLoopback: true, ownPort: () => 8080 };
const onNetwork: CallbackAddressRules = { ...onLoopback, listensOnLoopback: false };

describe('classifyAddress', () => {
  it.each([
    ['0.0.0.0', /unspecified/],
    ['0.1.2.3', /unspecified/],
    ['10.1.2.3', /private/],
    ['100.64.0.1', /shared/],
    ['100.127.255.254', /shared/],
    ['169.254.169.254', /link-local.*metadata/],
    ['172.16.0.1', /private/],
    ['172.31.255.255', /private/],
    ['192.168.1.1', /private/],
    ['192.0.0.192', /reserved/],
    ['198.18.0.1', /benchmarking/],
    ['224.0.0.1', /multicast/],
    ['255.255.255.255', /reserved/],
    ['::', /unspecified/],
    ['fc00::1', /private/],
    ['fd00:ec2::254', /private/],
    ['fe80::1', /link-local/],
    ['febf::1', /link-local/],
    ['ff02::1', /multicast/],
    ['2001:db8::1', /documentation/],
    ['::10.0.0.1', /IPv4-compatible/],
    // IPv6 spellings that reach an IPv4 address are judged by that address.
    ['::ffff:10.0.0.1', /private/],
    ['::ffff:a9fe:a9fe', /link-local/],
    ['64:ff9b::a9fe:a9fe', /link-local/],
    ['2002:c0a8:101::1', /private/],
  ])('%s is refused as %s', (address, what) => {
    const found = classifyAddress(address);
    expect(found.kind).toBe('refused');
    expect(found.kind === 'refused' && found.what).toMatch(what);
  });

  it.each(['127.0.0.1', '127.255.0.9', '::1', '::ffff:127.0.0.1'])('%s is loopback', (address) => {
    expect(classifyAddress(address)).toEqual({ kind: 'loopback' });
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '169.255.0.1', '2606:4700::6810:84e5', '64:ff9b::808:808'])(
    '%s is public',
    (address) => {
      expect(classifyAddress(address)).toEqual({ kind: 'public' });
    },
  );
});

describe('refusalOfUrl', () => {
  it.each([
    'https://10.0.0.5/hook',
    'https://172.16.4.2/hook',
    'https://192.168.0.10:8443/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://100.64.1.1/hook',
    'https://0.0.0.0/hook',
    'https://[::]/hook',
    'https://[fd12:3456::1]/hook',
    'https://[fe80::1]/hook',
    'https://[::ffff:10.0.0.1]/hook',
    'https://0xa9.0xfe.0xa9.0xfe/hook', // the URL parser reads it as 169.254.169.254
    'https://metadata.google.internal/computeMetadata/v1/',
  ])('refuses %s, naming it', (url) => {
    const refusal = refusalOfUrl(url, onLoopback);
    expect(refusal).toContain(url);
    expect(refusal).toMatch(/CALLBACK_ALLOWED_HOSTS/);
  });

  it('accepts public addresses and names (names are judged again when resolved)', () => {
    expect(refusalOfUrl('https://hooks.example.com/x', onNetwork)).toBeNull();
    expect(refusalOfUrl('https://93.184.215.14/x', onNetwork)).toBeNull();
    expect(refusalOfUrl('https://[2606:4700::1]/x', onNetwork)).toBeNull();
  });

  it('accepts loopback only while the service listens on loopback, and never its own port', () => {
    expect(refusalOfUrl('http://127.0.0.1:9000/cb', onLoopback)).toBeNull();
    expect(refusalOfUrl('http://localhost/cb', onLoopback)).toBeNull();
    expect(refusalOfUrl('http://[::1]:9000/cb', onLoopback)).toBeNull();
    expect(refusalOfUrl('http://127.0.0.1:8080/1/version', onLoopback)).toMatch(/127\.0\.0\.1 port 8080 is this service itself/);
    expect(refusalOfUrl('http://localhost:8080/cb', onLoopback)).toMatch(/localhost means 127\.0\.0\.1.*this service itself/);
    expect(refusalOfUrl('http://app.localhost:9000/cb', onNetwork)).toMatch(/loopback address, allowed only while the service listens on loopback/);
    expect(refusalOfUrl('http://127.0.0.1:9000/cb', onNetwork)).toMatch(/http:\/\/127\.0\.0\.1:9000\/cb may not receive callbacks/);
  });

  it('lets an operator allow hosts by name or address, but not the service itself', () => {
    const rules = { ...onNetwork, allowedHosts: new Set(['10.0.0.5', 'metadata.google.internal', '[fd00::1]', '127.0.0.1']) };
    expect(refusalOfUrl('https://10.0.0.5/hook', rules)).toBeNull();
    expect(refusalOfUrl('https://[fd00::1]/hook', rules)).toBeNull();
    expect(refusalOfUrl('https://metadata.google.internal/x', rules)).toBeNull();
    expect(refusalOfUrl('http://127.0.0.1:9000/cb', rules)).toBeNull();
    expect(refusalOfUrl('http://127.0.0.1:8080/cb', rules)).toMatch(/this service itself/);
    expect(refusalOfUrl('https://10.0.0.6/hook', rules)).toMatch(/private/);
  });
});

describe('normalizeHost', () => {
  it.each([
    ['Hooks.Example.COM', 'hooks.example.com'],
    ['10.0.0.5', '10.0.0.5'],
    ['fd00::1', '[fd00::1]'],
    ['[FD00:0::1]', '[fd00::1]'],
    ['0x7f.1', '127.0.0.1'],
  ])('%s → %s', (entry, host) => {
    expect(normalizeHost(entry)).toBe(host);
  });

  it.each(['', 'hooks.example:443', 'https://hooks.example', 'hooks.example/x', 'user@hooks.example', 'a b'])('%j is not a host', (entry) => {
    expect(normalizeHost(entry)).toBeNull();
  });
});
