/**
 * The HLS side of offline downloads (docs/decisions/027-offline-downloads.md): the media playlist rewritten for
 * the device, and AES-128 segment encryption as RFC 8216 section 5.2 defines it (METHOD=AES-128: the whole segment
 * encrypted with AES-128-CBC and PKCS#7 padding; with no IV attribute the IV is the segment's media sequence number as
 * a 16-byte big-endian integer). Pure apart from node:crypto.
 */
import { createCipheriv, type Cipheriv } from 'node:crypto';

/** One file named by a media playlist: the init segment (EXT-X-MAP) or a media segment with its sequence number. */
export interface PlaylistFile {
  name: string;
  kind: 'init' | 'segment';
  /** Media sequence number (EXT-X-MEDIA-SEQUENCE + index); null for the init segment. */
  sequence: number | null;
  /** EXTINF duration, seconds; 0 for the init segment. */
  durationSeconds: number;
}

/** A file name the device may store under `/offline/{id}/`: no folders, no dots first. */
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}$/;

/** Thrown when a stored playlist names a file outside its own folder, or is not a media playlist. */
export class PlaylistShapeError extends Error {}

/**
 * The files a media playlist names, in order: its EXT-X-MAP init segment (when fMP4) then its segments with their
 * media sequence numbers (RFC 8216 section 4.3.3.2: the first segment's number is EXT-X-MEDIA-SEQUENCE, default 0).
 * @throws PlaylistShapeError for a URI with a folder, a scheme or a query (the ladder writes bare names), or no segment
 */
export function playlistFiles(text: string): PlaylistFile[] {
  const files: PlaylistFile[] = [];
  let sequence = 0;
  let duration: number | null = null;
  let index = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) sequence = Number.parseInt(line.slice('#EXT-X-MEDIA-SEQUENCE:'.length), 10) || 0;
    else if (line.startsWith('#EXT-X-MAP:')) {
      const uri = /URI="([^"]+)"/.exec(line)?.[1];
      if (!uri || !FILE_NAME.test(uri)) throw new PlaylistShapeError(`unexpected EXT-X-MAP URI ${JSON.stringify(uri)}`);
      if (!files.some((f) => f.name === uri)) files.push({ name: uri, kind: 'init', sequence: null, durationSeconds: 0 });
    } else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#')) {
      if (!FILE_NAME.test(line)) throw new PlaylistShapeError(`unexpected segment URI ${JSON.stringify(line.slice(0, 80))}`);
      files.push({ name: line, kind: 'segment', sequence: sequence + index, durationSeconds: duration ?? 0 });
      index++;
      duration = null;
    }
  }
  if (index === 0) throw new PlaylistShapeError('no media segment');
  return files;
}

/**
 * The playlist the device stores: the stored one with any EXT-X-KEY dropped and `#EXT-X-KEY:METHOD=AES-128,URI="key"`
 * (no IV) put after the EXT-X-MAP line when there is one (fMP4: the init segment stays clear, RFC 8216 section
 * 4.3.2.5 lets a clear Media Initialization Section precede the key), else before the first segment's tags.
 * Segment URIs stay the relative bare names the ladder wrote.
 */
export function offlinePlaylist(text: string): string {
  const lines = text.split(/\r?\n/).filter((l) => !l.trim().startsWith('#EXT-X-KEY:'));
  const keyLine = '#EXT-X-KEY:METHOD=AES-128,URI="key"';
  const map = lines.findIndex((l) => l.trim().startsWith('#EXT-X-MAP:'));
  if (map >= 0) lines.splice(map + 1, 0, keyLine);
  else {
    const first = lines.findIndex((l) => l.trim().startsWith('#EXTINF:'));
    lines.splice(first >= 0 ? first : lines.length, 0, keyLine);
  }
  return lines.join('\n');
}

/** The IV of a segment: its media sequence number as a 16-byte big-endian integer (RFC 8216 section 5.2). */
export function sequenceIv(sequence: number): Buffer {
  if (!Number.isSafeInteger(sequence) || sequence < 0) throw new RangeError(`not a media sequence number: ${sequence}`);
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(sequence), 8);
  return iv;
}

/** Bytes of `size` clear bytes once encrypted with PKCS#7 padding: the next multiple of 16, a whole block when already one. */
export const paddedSize = (size: number) => (Math.floor(size / 16) + 1) * 16;

/**
 * An AES-128-CBC cipher (PKCS#7 padding, node:crypto's default) for the segment numbered `sequence`, as a Transform
 * stream to pipe the clear bytes through.
 * @param key 16 bytes
 * @throws RangeError for a key of another length
 */
export function segmentCipher(key: Buffer, sequence: number): Cipheriv {
  if (key.length !== 16) throw new RangeError('AES-128 needs a 16-byte key');
  return createCipheriv('aes-128-cbc', key, sequenceIv(sequence));
}
