/**
 * A classic libpcap writer for proxy captures (tunnel contract §1.7): the 24-byte global header,
 * per-record headers, and synthetic Ethernet / IPv6 / UDP frames carrying each relayed chunk, with a
 * valid UDP checksum over the IPv6 pseudo-header. Everything little-endian except the frame itself,
 * which is in network order. Pure: no I/O.
 */
import { isIPv4, isIPv6 } from 'node:net';

export const LINKTYPE_ETHERNET = 1;
export const SNAPLEN = 65536;
/** Both ends of every synthetic frame. */
export const CAPTURE_MAC = Buffer.from([0x00, 0x11, 0x00, 0x11, 0x00, 0x11]);
const ETHERTYPE_IPV6 = 0x86dd;
const IP_PROTOCOL_UDP = 17;
const HOP_LIMIT = 64;
const ETHERNET_HEADER = 14;
const IPV6_HEADER = 40;
const UDP_HEADER = 8;
/** Largest UDP payload that fits the 16-bit UDP length and the snap length. */
export const MAX_UDP_PAYLOAD = 65507;

/** An address (16 IPv6 bytes) and a port. */
export interface Endpoint {
  address: Buffer;
  port: number;
}

/** The unspecified address `::`, source of the metadata frame. */
export const UNSPECIFIED = Buffer.alloc(16);

function ipv4Bytes(address: string): Buffer {
  return Buffer.from(address.split('.').map(Number));
}

/**
 * The 16 bytes of an IP address: IPv6 as is (zone id dropped), IPv4 mapped as `::ffff:a.b.c.d`.
 * Throws on anything that is not an IP address.
 */
export function ipv6Bytes(address: string): Buffer {
  const bare = address.replace(/%.*$/, '');
  if (isIPv4(bare))
    return Buffer.concat([
      Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]),
      ipv4Bytes(bare),
    ]);
  if (!isIPv6(bare)) throw new Error(`Not an IP address: ${address}`);

  let text = bare;
  let tail: Buffer = Buffer.alloc(0);
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    tail = ipv4Bytes(text.slice(lastColon + 1));
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [head, rest] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = groups(rest);
  const missing = 8 - left.length - right.length;
  const all = rest === undefined ? left : [...left, ...Array<string>(missing).fill('0'), ...right];
  const out = Buffer.alloc(16);
  all.forEach((group, i) => out.writeUInt16BE(parseInt(group, 16), i * 2));
  if (tail.length) tail.copy(out, 12);
  return out;
}

/** The 24-byte file header: magic, version 2.4, UTC, snap length, Ethernet link type. */
export function pcapGlobalHeader(): Buffer {
  const header = Buffer.alloc(24);
  header.writeUInt32LE(0xa1b2c3d4, 0);
  header.writeUInt16LE(2, 4);
  header.writeUInt16LE(4, 6);
  header.writeInt32LE(0, 8);
  header.writeUInt32LE(0, 12);
  header.writeUInt32LE(SNAPLEN, 16);
  header.writeUInt32LE(LINKTYPE_ETHERNET, 20);
  return header;
}

/** One record: its 16-byte header (time in microseconds since the epoch) and the frame. */
export function pcapRecord(frame: Buffer, timeMicros: number): Buffer {
  const header = Buffer.alloc(16);
  header.writeUInt32LE(Math.floor(timeMicros / 1_000_000), 0);
  header.writeUInt32LE(Math.floor(timeMicros % 1_000_000), 4);
  header.writeUInt32LE(frame.length, 8);
  header.writeUInt32LE(frame.length, 12);
  return Buffer.concat([header, frame]);
}

/** The internet checksum (RFC 1071) of the buffers taken as one byte sequence. */
function onesComplementSum(parts: Buffer[]): number {
  let sum = 0;
  let odd: number | undefined;
  for (const part of parts) {
    for (const byte of part) {
      if (odd === undefined) odd = byte;
      else {
        sum += (odd << 8) | byte;
        odd = undefined;
      }
    }
  }
  if (odd !== undefined) sum += odd << 8;
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
  return sum;
}

/** The UDP checksum over the IPv6 pseudo-header (RFC 8200 §8.1); never 0 (0 means "none"). */
export function udpChecksum(from: Endpoint, to: Endpoint, udpSegment: Buffer): number {
  const pseudo = Buffer.alloc(40);
  from.address.copy(pseudo, 0);
  to.address.copy(pseudo, 16);
  pseudo.writeUInt32BE(udpSegment.length, 32);
  pseudo.writeUInt8(IP_PROTOCOL_UDP, 39);
  const checksum = ~onesComplementSum([pseudo, udpSegment]) & 0xffff;
  return checksum === 0 ? 0xffff : checksum;
}

/** An Ethernet frame holding an IPv6 packet holding a UDP datagram with the payload. */
export function udpFrame(from: Endpoint, to: Endpoint, payload: Buffer): Buffer {
  if (payload.length > MAX_UDP_PAYLOAD) throw new Error('The payload does not fit one datagram');
  const udpLength = UDP_HEADER + payload.length;
  const frame = Buffer.alloc(ETHERNET_HEADER + IPV6_HEADER + udpLength);

  CAPTURE_MAC.copy(frame, 0);
  CAPTURE_MAC.copy(frame, 6);
  frame.writeUInt16BE(ETHERTYPE_IPV6, 12);

  const ip = ETHERNET_HEADER;
  frame.writeUInt32BE(0x60000000, ip); // version 6, traffic class and flow label 0
  frame.writeUInt16BE(udpLength, ip + 4);
  frame.writeUInt8(IP_PROTOCOL_UDP, ip + 6);
  frame.writeUInt8(HOP_LIMIT, ip + 7);
  from.address.copy(frame, ip + 8);
  to.address.copy(frame, ip + 24);

  const udp = ip + IPV6_HEADER;
  frame.writeUInt16BE(from.port, udp);
  frame.writeUInt16BE(to.port, udp + 2);
  frame.writeUInt16BE(udpLength, udp + 4);
  payload.copy(frame, udp + UDP_HEADER);
  frame.writeUInt16BE(udpChecksum(from, to, frame.subarray(udp)), udp + 6);
  return frame;
}
