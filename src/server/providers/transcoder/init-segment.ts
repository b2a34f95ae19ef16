/**
 * The init segment of a fragmented-MP4 rendition (ADR 026; RFC 8216 section 4.3.2.5, EXT-X-MAP). ffmpeg 5.1
 * names it from `-hls_fmp4_init_filename` with the variant's name in place of `%v` (`init_240p.mp4`); every
 * rendition's is renamed to INIT_SEGMENT (`<rung>/init.mp4`) so the layout is the same for every film.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FFMPEG_INIT_PATTERN, INIT_SEGMENT, MEDIA_PLAYLIST } from './ffmpeg-args.js';

/** The URI of the playlist's EXT-X-MAP (`#EXT-X-MAP:URI="init.mp4"`), or null for an MPEG-TS playlist. Pure. */
export function initSegmentUri(playlist: string): string | null {
  const line = playlist.split(/\r?\n/).find((l) => l.startsWith('#EXT-X-MAP:'));
  return line ? (/URI="([^"]+)"/.exec(line)?.[1] ?? null) : null;
}

/**
 * Renames the init segment ffmpeg wrote in `renditionDir` (FFMPEG_INIT_PATTERN with `%v` = `rungName`) to
 * INIT_SEGMENT and points the media playlist's EXT-X-MAP at it. With a ladder of one rendition (a source under
 * 173 lines, ladder.ts planLadder) ffmpeg leaves `%v` in the init segment's name unsubstituted
 * (`init_%v.mp4`), though it names the folder; that name is accepted too. Does nothing for an MPEG-TS rendition
 * (no EXT-X-MAP) or one already renamed.
 * @throws Error when the playlist's EXT-X-MAP names a file that is not there
 */
export async function renameInitSegment(renditionDir: string, rungName: string): Promise<void> {
  const playlistFile = path.join(renditionDir, MEDIA_PLAYLIST);
  const playlist = await readFile(playlistFile, 'utf8');
  const uri = initSegmentUri(playlist);
  if (!uri || uri === INIT_SEGMENT) return;
  const expected = FFMPEG_INIT_PATTERN.replace('%v', rungName);
  if (uri !== expected && uri !== FFMPEG_INIT_PATTERN) throw new Error(`unexpected init segment ${uri} in ${renditionDir} (expected ${expected})`);
  await rename(path.join(renditionDir, uri), path.join(renditionDir, INIT_SEGMENT));
  const next = playlist.replace(`#EXT-X-MAP:URI="${uri}"`, `#EXT-X-MAP:URI="${INIT_SEGMENT}"`);
  await writeFile(`${playlistFile}.tmp`, next);
  await rename(`${playlistFile}.tmp`, playlistFile);
}
