import { clientNetwork } from './client-network';

describe('clientNetwork', () => {
  it('returns an IPv4 address as it is', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
  });

  it('returns the same /64 for every address a client picks within it', () => {
    const network = '2001:db8:85a3:12::/64';
    expect(
      ['2001:db8:85a3:12::1', '2001:0db8:85a3:0012:ffff:ffff:ffff:fffe', '2001:DB8:85A3:12:0:0:0:0', '2001:db8:85a3:12:1:2:3:4%eth0'].map(
        clientNetwork,
      ),
    ).toEqual([network, network, network, network]);
  });

  it('returns different networks for clients in different /64s', () => {
    expect(clientNetwork('2001:db8:85a3:13::1')).not.toBe(clientNetwork('2001:db8:85a3:12::1'));
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1:2')).toBe('fe80:0:0:0::/64');
  });

  it('returns the IPv4 address of an IPv4-mapped IPv6 address, in either notation', () => {
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(clientNetwork('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('returns what is not an address unchanged', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
  });
});
