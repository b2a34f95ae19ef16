/**
 * A cut-short MP4/MOV check that ffprobe does not make (a truncated file is rejected, as ffprobe.ts says).
 *
 * When an MP4's index (moov) comes first ("fast start", as most phones and editors write it), a copy cut
 * short still probes fine: ffprobe reads the full duration from the index and never looks for the media
 * bytes that are missing. Walking the top-level boxes finds it: the media box (mdat) claims more bytes
 * than the file has.
 */
import { open } from 'node:fs/promises';

/** Top-level ISO BMFF / QuickTime box types; a walk stops at anything else (trailing junk is not truncation). */
const KNOWN_TOP_LEVEL = new Set([
  'ftyp', 'styp', 'moov', 'mdat', 'free', 'skip', 'wide', 'uuid', 'moof', 'mfra', 'meta', 'pdin', 'sidx', 'udta', 'pnot',
]);
/** Boxes whose loss means the file cannot be played to its end. */
const ESSENTIAL = new Set(['moov', 'mdat', 'moof']);
const MAX_BOXES = 100_000;

/** Random access to a source's bytes: its size, and up to `length` bytes at `offset` (fewer at the end). Bytes. */
export interface ByteSource {
  size: number;
  read(offset: number, length: number): Promise<Buffer>;
}

/**
 * Returns a description of the first essential top-level box (moov, mdat, moof) that runs past the end of
 * `file` (a local path, or a ByteSource such as an object in the bucket read by ranges), such as "mdat box needs
 * 4279685 bytes from offset 8621 but the file has 857661 bytes", or null when the box layout is whole. Only
 * meaningful for MP4/MOV; sizes in bytes.
 */
export async function findCutShortMp4Box(file: string | ByteSource): Promise<string | null> {
  if (typeof file !== 'string') return walkBoxes(file);
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    return await walkBoxes({
      size,
      async read(offset, length) {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, offset);
        return buffer.subarray(0, bytesRead);
      },
    });
  } finally {
    await handle.close();
  }
}

async function walkBoxes(source: ByteSource): Promise<string | null> {
  const fileSize = source.size;
  let offset = 0;
  for (let count = 0; count < MAX_BOXES && offset + 8 <= fileSize; count++) {
    const header = await source.read(offset, 16);
    const bytesRead = header.length;
    if (bytesRead < 8) return null;
    const type = header.toString('latin1', 4, 8);
    if (!KNOWN_TOP_LEVEL.has(type)) return null;
    let boxSize = header.readUInt32BE(0);
    if (boxSize === 1) {
      if (bytesRead < 16) return ESSENTIAL.has(type) ? `${type} box header is cut at offset ${offset}` : null;
      boxSize = Number(header.readBigUInt64BE(8));
    } else if (boxSize === 0) {
      return null; // "extends to the end of the file": nothing to compare against.
    }
    if (boxSize < 8) return null; // not a box layout we understand; leave the verdict to ffmpeg.
    if (offset + boxSize > fileSize) {
      return ESSENTIAL.has(type)
        ? `${type} box needs ${boxSize} bytes from offset ${offset} but the file has ${fileSize} bytes`
        : null;
    }
    offset += boxSize;
  }
  return null;
}
