import { describe, expect, it } from 'vitest';
import { addressGroup } from '#server/domain/addressGroup.js';

describe('addressGroup', () => {
  it('keeps an IPv4 address, also when IPv4-mapped', () => {
    expect(addressGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(addressGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('takes an IPv6 address by its /64, however it is written', () => {
    const group = '2001:db8:0:12::/64';
    for (const ip of [
      '2001:db8::12:0:0:0:1',
      '2001:0db8:0000:0012:ffff:ffff:ffff:ffff',
      '2001:DB8:0:12::abcd%eth0',
      '2001:db8:0:12:1:2:192.0.2.1',
    ])
      expect(addressGroup(ip), ip).toBe(group);
    expect(addressGroup('2001:db8:0:13::1')).not.toBe(group);
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
  });
});
