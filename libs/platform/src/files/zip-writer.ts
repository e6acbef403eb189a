import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  data: Buffer;
  /** CRC-32 of `data`, when the caller has it already. */
  crc?: number;
}

/** An entry as it is written: its bytes already compressed (method 8) or stored (0), with what its headers declare. */
export interface PackedZipEntry {
  name: string;
  method: 0 | 8;
  packed: Buffer;
  crc: number;
  /** The uncompressed size the headers declare. */
  size: number;
}

const UTF8_NAMES = 0x0800;

/**
 * The fields a local header and its directory entry share, in the same order (flags, method, time and date, CRC,
 * sizes, name length): from offset 6 in the one, 8 in the other.
 */
const writeSharedFields = (header: Buffer, at: number, entry: PackedZipEntry, nameLength: number): Buffer => {
  header.writeUInt16LE(UTF8_NAMES, at);
  header.writeUInt16LE(entry.method, at + 2);
  header.writeUInt32LE(entry.crc, at + 8);
  header.writeUInt32LE(entry.packed.length, at + 12);
  header.writeUInt32LE(entry.size, at + 16);
  header.writeUInt16LE(nameLength, at + 20);
  return header;
};

/** A zip of entries already packed: local headers, data, central directory (no zip64: far below 4 GB here). */
export const writePackedZip = (entries: readonly PackedZipEntry[]): Buffer => {
  const out: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = writeSharedFields(Buffer.alloc(30), 6, entry, name.length);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    const central = writeSharedFields(Buffer.alloc(46), 8, entry, name.length);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(offset, 42);
    out.push(local, name, entry.packed);
    centrals.push(central, name);
    offset += local.length + name.length + entry.packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, directory, end]);
};

/** A zip of these parts, stored uncompressed unless `deflate` (so a reader of it inflates nothing). */
export const writeZip = (parts: readonly ZipPart[], options: { deflate?: boolean } = {}): Buffer =>
  writePackedZip(
    parts.map((part) => ({
      name: part.name,
      method: options.deflate ? 8 : 0,
      packed: options.deflate ? deflateRawSync(part.data) : part.data,
      crc: part.crc ?? crc32(part.data),
      size: part.data.length,
    })),
  );
