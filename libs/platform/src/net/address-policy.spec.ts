import { isBlockedAddress, outboundUrlProblem, unmapIpv4 } from './address-policy';

describe('address policy (SSRF guard)', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '[::ffff:a00:1]',
    '::127.0.0.1', // IPv4-compatible
    '::a00:1',
    '2002:7f00:1::1', // 6to4 around 127.0.0.1
    '2002:c0a8:101::1', // 6to4 around 192.168.1.1
    '64:ff9b:1::a00:1', // local-use NAT64
    'fec0::1', // site-local
  ])('refuses %s', (ip) => expect(isBlockedAddress(ip)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700::1111', '::ffff:8.8.8.8'])('allows public %s', (ip) =>
    expect(isBlockedAddress(ip)).toBe(false),
  );

  it('unwraps IPv4-mapped IPv6 in both spellings', () => {
    expect(unmapIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(unmapIpv4('::ffff:10.1.2.3')).toBe('10.1.2.3');
  });

  const strict = { allowHttp: false, allowPrivateNetworks: false };
  it.each([
    ['https://127.0.0.1/hook', 'private'],
    ['https://[::ffff:127.0.0.1]/hook', 'private'],
    ['https://2130706433/hook', 'private'],
    ['https://localhost/hook', 'private'],
    ['https://localhost./hook', 'private'],
    ['https://foo.localhost../hook', 'private'],
    ['https://[::127.0.0.1]/hook', 'private'],
    ['https://[2002:a00:1::]/hook', 'private'],
    ['http://example.com/hook', 'https'],
    ['ftp://example.com/hook', 'https'],
    ['not a url', 'absolute URL'],
  ])('refuses %s at registration', async (url, reason) => {
    expect(await outboundUrlProblem(url, strict)).toContain(reason);
  });

  it('allows private addresses and http only when configured', async () => {
    expect(
      await outboundUrlProblem('http://127.0.0.1:9/x', { allowHttp: true, allowPrivateNetworks: true }),
    ).toBeNull();
    expect(await outboundUrlProblem('https://8.8.8.8/x', strict)).toBeNull();
  });
});
