import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientKey } from './client-address.js';

describe('clientKey (ADR 018, amended 2026-11-28)', () => {
  it('counts an IPv4 address as itself, a mapped one as its IPv4, and an IPv6 address by its /64', () => {
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('::FFFF:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('::ffff:c000:207')).toBe('192.0.2.7');
    expect(clientKey('0:0:0:0:0:ffff:c000:207')).toBe('192.0.2.7');
    expect(clientKey('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:DB8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(clientKey('not an address')).toBe('not an address');
  });

  it('gives every address of one /64 the same key, and addresses of other /64s other keys', () => {
    const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
    const groups = (n: number) => fc.array(group, { minLength: n, maxLength: n });
    fc.assert(
      fc.property(groups(4), groups(4), groups(4), (net, a, b) => {
        fc.pre(!(net.slice(0, 3).every((x) => x === '0') && net[3] === '0'));
        expect(clientKey([...net, ...a].join(':'))).toBe(clientKey([...net, ...b].join(':')));
        const other = [...net.slice(0, 3), ((parseInt(net[3]!, 16) + 1) % 0x10000).toString(16)];
        expect(clientKey([...other, ...a].join(':'))).not.toBe(clientKey([...net, ...a].join(':')));
      }),
    );
  });
});
