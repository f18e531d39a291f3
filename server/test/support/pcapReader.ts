// A tiny pcap reader for tests, written independently of the encoder: it walks the file, checks
// the Ethernet / IPv6 / UDP headers and verifies each UDP checksum the way a receiver would.

export interface PcapPacket {
  timeMicros: number;
  source: string;
  sourcePort: number;
  destination: string;
  destinationPort: number;
  payload: Buffer;
  checksumOk: boolean;
}

export interface PcapFile {
  linkType: number;
  snapLength: number;
  packets: PcapPacket[];
}

/** `::ffff:127.0.0.1` style text for mapped IPv4, full lowercase groups otherwise. */
function addressText(bytes: Buffer): string {
  const mapped = bytes.subarray(0, 12).equals(Buffer.from('00000000000000000000ffff', 'hex'));
  if (mapped) return `::ffff:${[...bytes.subarray(12)].join('.')}`;
  if (bytes.equals(Buffer.alloc(16))) return '::';
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(bytes.readUInt16BE(i).toString(16));
  return groups.join(':');
}

/** Sums 16-bit words; a valid UDP datagram (checksum included) sums to 0xffff. */
function checksumOk(ipHeader: Buffer, udp: Buffer): boolean {
  const pseudo = Buffer.concat([
    ipHeader.subarray(8, 40),
    Buffer.from([0, 0, udp.length >> 8, udp.length & 0xff, 0, 0, 0, 17]),
  ]);
  const all = Buffer.concat([pseudo, udp, Buffer.alloc(udp.length % 2)]);
  let sum = 0;
  for (let i = 0; i < all.length; i += 2) sum += all.readUInt16BE(i);
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >> 16);
  return sum === 0xffff;
}

export function readPcap(file: Buffer): PcapFile {
  if (file.readUInt32LE(0) !== 0xa1b2c3d4) throw new Error('Not a little-endian pcap file');
  if (file.readUInt16LE(4) !== 2 || file.readUInt16LE(6) !== 4) throw new Error('Not pcap 2.4');
  const packets: PcapPacket[] = [];
  let offset = 24;
  while (offset < file.length) {
    const seconds = file.readUInt32LE(offset);
    const micros = file.readUInt32LE(offset + 4);
    const captured = file.readUInt32LE(offset + 8);
    const original = file.readUInt32LE(offset + 12);
    if (captured !== original) throw new Error('Truncated record');
    const frame = file.subarray(offset + 16, offset + 16 + captured);
    offset += 16 + captured;
    if (frame.readUInt16BE(12) !== 0x86dd) throw new Error('Not IPv6');
    const ip = frame.subarray(14, 54);
    if (ip[0] >> 4 !== 6 || ip[6] !== 17) throw new Error('Not IPv6/UDP');
    const udp = frame.subarray(54);
    if (udp.readUInt16BE(4) !== udp.length || ip.readUInt16BE(4) !== udp.length)
      throw new Error('Inconsistent lengths');
    packets.push({
      timeMicros: seconds * 1_000_000 + micros,
      source: addressText(ip.subarray(8, 24)),
      sourcePort: udp.readUInt16BE(0),
      destination: addressText(ip.subarray(24, 40)),
      destinationPort: udp.readUInt16BE(2),
      payload: Buffer.from(udp.subarray(8)),
      checksumOk: checksumOk(ip, udp),
    });
  }
  return { linkType: file.readUInt32LE(20), snapLength: file.readUInt32LE(16), packets };
}
