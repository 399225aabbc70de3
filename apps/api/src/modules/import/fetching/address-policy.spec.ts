import { checkAddress, literalAddress } from './address-policy';
import { FetchError } from './fetch-error';
import { SafeFetcher } from './safe-fetcher';

describe('checkAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['::ffff:10.0.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['::808:808', 'notGlobalUnicast'],
    ['4000::1', 'notGlobalUnicast'],
    ['2002:7f00:1::1', '6to4'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2001:db8::1', 'reserved'],
  ])('refuses %s (%s)', (address, range) => {
    expect(checkAddress(address)).toEqual({ allowed: false, range });
  });

  it.each(['93.184.216.34', '151.101.1.140', '8.8.8.8', '2606:4700::6810:85e5', '::ffff:93.184.216.34'])('allows public %s', (address) => {
    expect(checkAddress(address).allowed).toBe(true);
  });

  it('refuses what is not an address', () => {
    expect(checkAddress('example.org').allowed).toBe(false);
  });
});

describe('SafeFetcher.checkUrl', () => {
  const fetcher = new SafeFetcher({ allowHosts: ['127.0.0.1:4599'] });
  afterAll(() => fetcher.close());
  const code = (url: string): string => {
    try {
      fetcher.checkUrl(url);
      return 'ok';
    } catch (error) {
      return (error as FetchError).code;
    }
  };

  it.each([
    ['http://2130706433/', 'address_not_allowed'],
    ['http://0177.0.0.1/', 'address_not_allowed'],
    ['http://0x7f.1/', 'address_not_allowed'],
    ['http://0x7f000001/', 'address_not_allowed'],
    ['http://127.1/', 'address_not_allowed'],
    ['http://127.0.0.1./', 'address_not_allowed'],
    ['http://[::ffff:127.0.0.1]/', 'address_not_allowed'],
    ['http://[::ffff:7f00:1]/', 'address_not_allowed'],
    ['http://[::1]/', 'address_not_allowed'],
    ['http://0.0.0.0/', 'address_not_allowed'],
    ['http://0/', 'address_not_allowed'],
    ['http://[::]/', 'address_not_allowed'],
    ['http://[fd00::1]/', 'address_not_allowed'],
    ['http://[fe80::1]/', 'address_not_allowed'],
    ['http://169.254.169.254/latest/meta-data/', 'address_not_allowed'],
    ['http://100.64.0.1/', 'address_not_allowed'],
    ['http://10.0.0.1/', 'address_not_allowed'],
    ['https://192.168.0.1/', 'address_not_allowed'],
    ['http://127.0.0.1:4600/', 'port_not_allowed'],
    ['http://example.org:8080/', 'port_not_allowed'],
    ['http://example.org:22/', 'port_not_allowed'],
    ['ftp://example.org/', 'scheme_not_allowed'],
    ['file:///etc/passwd', 'scheme_not_allowed'],
    ['gopher://example.org/', 'scheme_not_allowed'],
    ['http://user:pass@example.org/', 'credentials_in_url'],
    ['http://user@example.org/', 'credentials_in_url'],
    ['not a url', 'invalid_url'],
    ['https://example.org/', 'ok'],
    ['https://example.org:443/a?b', 'ok'],
    ['http://example.org:80/', 'ok'],
    ['http://93.184.216.34/', 'ok'],
    ['http://[2606:4700::6810:85e5]/', 'ok'],
    ['http://127.0.0.1:4599/page', 'ok'],
  ])('%s → %s', (url, expected) => {
    expect(code(url)).toBe(expected);
  });

  it('sees through the odd IPv4 spellings', () => {
    expect(literalAddress(new URL('http://2130706433/').hostname)).toBe('127.0.0.1');
    expect(literalAddress('[::ffff:7f00:1]')).toBe('::ffff:7f00:1');
    expect(literalAddress('example.org')).toBeNull();
  });
});
