import { deflateSync } from 'node:zlib'

const brand = [0xe5, 0x83, 0x25] as const
const white = [0xff, 0xff, 0xff] as const

/**
 * Larder's mark on a 100×100 grid, matching public/icons/icon.svg: an orange square (full bleed, so it also works
 * as a maskable icon) with a white "L" made of two bars and a small white dot.
 */
function isWhite(x: number, y: number): boolean {
  const inStem = x >= 32 && x < 46 && y >= 24 && y < 76
  const inFoot = x >= 32 && x < 70 && y >= 62 && y < 76
  const dot = (x - 64) ** 2 + (y - 34) ** 2 < 7 ** 2
  return inStem || inFoot || dot
}

const crcTable = Array.from({ length: 256 }, (_, index) => {
  let value = index
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1
  return value >>> 0
})

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Uint8Array): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const checksum = Buffer.alloc(4)
  checksum.writeUInt32BE(crc32(typeAndData))
  return Buffer.concat([length, typeAndData, checksum])
}

/** A square RGB PNG of the mark, `size` pixels wide. */
export function encodeLogoPng(size: number): Buffer {
  const rows = Buffer.alloc(size * (size * 3 + 1))
  for (let y = 0; y < size; y += 1) {
    const rowStart = y * (size * 3 + 1)
    rows[rowStart] = 0 // filter: none
    for (let x = 0; x < size; x += 1) {
      const color = isWhite((x * 100) / size, (y * 100) / size) ? white : brand
      rows.set(color, rowStart + 1 + x * 3)
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit depth, truecolour, default compression/filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', new Uint8Array()),
  ])
}
