import { expect } from 'chai';
import { countedAddress } from './client-address.js';

describe('http pipeline: the address a client is counted by', () => {
  it('counts IPv4 addresses one by one, an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(countedAddress('192.0.2.1')).to.equal('192.0.2.1');
    expect(countedAddress('192.0.2.2')).to.equal('192.0.2.2');
    expect(countedAddress('::ffff:192.0.2.1')).to.equal('192.0.2.1');
    expect(countedAddress('::FFFF:c000:0201')).to.equal('192.0.2.1');
  });

  it('counts every address of an IPv6 /64 as one, whatever its spelling', () => {
    const one = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0000:0000:0000:0009',
      '2001:DB8:1:2:a:b:c:d',
      '2001:db8:1:2::1.2.3.4',
      'fe80::1%eth0'.replace('fe80::', '2001:db8:1:2::'),
    ].map(countedAddress);
    expect(new Set(one)).to.deep.equal(new Set(['2001:db8:1:2::/64']));
    expect(countedAddress('2001:db8:1:3::1')).to.equal('2001:db8:1:3::/64');
    expect(countedAddress('::1')).to.equal('0:0:0:0::/64');
  });

  it('keeps what is not an address as it is, and names a missing one', () => {
    expect(countedAddress(undefined)).to.equal('unknown');
    expect(countedAddress('not-an-address')).to.equal('not-an-address');
  });
});
