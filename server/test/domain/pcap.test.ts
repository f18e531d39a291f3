import { describe, expect, it } from 'vitest';
import {
  CAPTURE_MAC,
  ipv6Bytes,
  MAX_UDP_PAYLOAD,
  pcapGlobalHeader,
  pcapRecord,
  udpChecksum,
  udpFrame,
  UNSPECIFIED,
} from '#server/domain/pcap.js';
import { readPcap } from '../support/pcapReader.js';

const client = { address: ipv6Bytes('10.0.0.7'), port: 50123 };
const container = { address: ipv6Bytes('172.17.0.2'), port: 8080 };

describe('ipv6Bytes', () => {
  it('maps IPv4 as ::ffff:a.b.c.d', () => {
    expect(ipv6Bytes('127.0.0.1').toString('hex')).toBe('00000000000000000000ffff7f000001');
  });

  it('expands compressed IPv6, keeps embedded IPv4 and drops a zone id', () => {
    expect(ipv6Bytes('::1').toString('hex')).toBe('00000000000000000000000000000001');
    expect(ipv6Bytes('::').equals(UNSPECIFIED)).toBe(true);
    expect(ipv6Bytes('2001:db8::8:800:200c:417a').toString('hex')).toBe(
      '20010db80000000000080800200c417a',
    );
    expect(ipv6Bytes('fe80::1%eth0').toString('hex')).toBe('fe800000000000000000000000000001');
    expect(ipv6Bytes('::ffff:10.1.2.3').toString('hex')).toBe('00000000000000000000ffff0a010203');
    expect(ipv6Bytes('1:2:3:4:5:6:7:8').toString('hex')).toBe('00010002000300040005000600070008');
  });

  it('refuses what is not an address', () => {
    expect(() => ipv6Bytes('container.local')).toThrow(/Not an IP address/);
  });
});

describe('udp checksum', () => {
  it('matches a value computed by hand for a tiny datagram', () => {
    // ::1 → ::1, ports 1 → 2, payload "a": the one's complement sum of pseudo-header and segment.
    const one = { address: ipv6Bytes('::1'), port: 1 };
    const two = { address: ipv6Bytes('::1'), port: 2 };
    const segment = Buffer.from([0, 1, 0, 2, 0, 9, 0, 0, 0x61]);
    // pseudo: 1 + 1 (addresses) + 9 (length) + 17 (next header); segment: 1 + 2 + 9 + 0x6100
    const sum = 1 + 1 + 9 + 17 + 1 + 2 + 9 + 0x6100;
    expect(udpChecksum(one, two, segment)).toBe(~sum & 0xffff);
  });
});

describe('pcap file', () => {
  it('writes a global header with the Ethernet link type', () => {
    const header = pcapGlobalHeader();
    expect(header.length).toBe(24);
    const parsed = readPcap(header);
    expect(parsed.linkType).toBe(1);
    expect(parsed.snapLength).toBe(65536);
    expect(parsed.packets).toEqual([]);
  });

  it('round-trips frames through an independent reader with valid checksums', () => {
    const meta = Buffer.from(JSON.stringify({ Challenge: 'Ünïcode' }, null, 2));
    const odd = Buffer.from('odd length!');
    const empty = Buffer.alloc(0);
    const file = Buffer.concat([
      pcapGlobalHeader(),
      pcapRecord(
        udpFrame({ address: UNSPECIFIED, port: 65535 }, client, meta),
        1_700_000_000_123_456,
      ),
      pcapRecord(udpFrame(client, container, odd), 1_700_000_000_200_000),
      pcapRecord(udpFrame(container, client, empty), 1_700_000_001_000_001),
    ]);
    const { packets } = readPcap(file);
    expect(packets.map((p) => [p.source, p.sourcePort, p.destination, p.destinationPort])).toEqual([
      ['::', 65535, '::ffff:10.0.0.7', 50123],
      ['::ffff:10.0.0.7', 50123, '::ffff:172.17.0.2', 8080],
      ['::ffff:172.17.0.2', 8080, '::ffff:10.0.0.7', 50123],
    ]);
    expect(packets.map((p) => p.payload)).toEqual([meta, odd, empty]);
    expect(packets.every((p) => p.checksumOk)).toBe(true);
    expect(packets[0].timeMicros).toBe(1_700_000_000_123_456);
  });

  it('uses the dummy MAC on both sides and hop limit 64', () => {
    const frame = udpFrame(client, container, Buffer.from('x'));
    expect(frame.subarray(0, 6).equals(CAPTURE_MAC)).toBe(true);
    expect(frame.subarray(6, 12).equals(CAPTURE_MAC)).toBe(true);
    expect(frame[14 + 7]).toBe(64);
  });

  it('refuses a payload larger than one datagram', () => {
    expect(() => udpFrame(client, container, Buffer.alloc(MAX_UDP_PAYLOAD + 1))).toThrow();
    expect(udpFrame(client, container, Buffer.alloc(MAX_UDP_PAYLOAD)).length).toBe(
      14 + 40 + 8 + MAX_UDP_PAYLOAD,
    );
  });
});
