/**
 * Cutting one fragmented-MP4 (CMAF) media segment into shorter fragments at video keyframes, without
 * re-encoding (ADR 026, which keeps ADR 013's short first segment with fMP4).
 *
 * ffmpeg's hls muxer writes each `.m4s` segment as one `moof` (a `traf` per track: `tfhd`, `tfdt`, `trun`)
 * followed by one `mdat` (ISO/IEC 14496-12 sections 8.8.4-8.8.12). Asking its mp4 muxer for a fragment per
 * keyframe (`movflags=+frag_keyframe`) makes ffmpeg 5.1 write the first segment's media into the init file,
 * so the cut is made here instead: the samples of each track are divided at the chosen times and every piece
 * gets its own `moof` (base decode time in `tfdt`, explicit per-sample duration, size and flags in `trun`,
 * data offsets relative to the `moof`, i.e. default-base-is-moof) and an `mdat` holding the same sample
 * bytes. Each piece is a CMAF fragment that decodes with the rendition's unchanged init segment, and the
 * pieces together hold exactly the samples of the segment, so the timeline has no gap. Pure (Buffers in and
 * out); the file handling lives in first-segment.ts.
 */

/** One ISO BMFF box found in a buffer: type, start offset and total size in bytes. */
export interface Box {
  type: string;
  start: number;
  size: number;
}

/** Lists the boxes in `buf[from, to)` (a box of size 0 runs to `to`). Throws when a box overruns. */
export function listBoxes(buf: Buffer, from = 0, to = buf.length): Box[] {
  const boxes: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (size === 1) size = Number(buf.readBigUInt64BE(at + 8));
    else if (size === 0) size = to - at;
    if (size < 8 || at + size > to) throw new Error(`the ${type} box at byte ${at} runs past its parent`);
    boxes.push({ type, start: at, size });
    at += size;
  }
  return boxes;
}

function child(buf: Buffer, parent: Box, type: string): Box | undefined {
  return listBoxes(buf, parent.start + 8, parent.start + parent.size).find((b) => b.type === type);
}

/** Per-track facts from the init segment: timescale (ticks per second) and trex's default sample fields. */
export interface InitTrack {
  trackId: number;
  timescale: number;
  handler: string;
  defaultDuration: number;
  defaultSize: number;
  defaultFlags: number;
}

/** Reads every track of an init segment (`moov` > `trak`/`mvex`). Throws when it has no `moov`. */
export function readInitTracks(init: Buffer): InitTrack[] {
  const moov = listBoxes(init).find((b) => b.type === 'moov');
  if (!moov) throw new Error('the init segment has no moov box');
  const inMoov = listBoxes(init, moov.start + 8, moov.start + moov.size);
  const trex = new Map<number, { duration: number; size: number; flags: number }>();
  const mvex = inMoov.find((b) => b.type === 'mvex');
  for (const b of mvex ? listBoxes(init, mvex.start + 8, mvex.start + mvex.size) : []) {
    if (b.type !== 'trex') continue;
    trex.set(init.readUInt32BE(b.start + 12), {
      duration: init.readUInt32BE(b.start + 20),
      size: init.readUInt32BE(b.start + 24),
      flags: init.readUInt32BE(b.start + 28),
    });
  }
  return inMoov.filter((b) => b.type === 'trak').map((trak) => {
    const tkhd = child(init, trak, 'tkhd')!;
    const trackId = init.readUInt32BE(tkhd.start + (init[tkhd.start + 8] === 1 ? 28 : 20));
    const mdia = child(init, trak, 'mdia')!;
    const mdhd = child(init, mdia, 'mdhd')!;
    const timescale = init.readUInt32BE(mdhd.start + (init[mdhd.start + 8] === 1 ? 28 : 20));
    const hdlr = child(init, mdia, 'hdlr')!;
    const handler = init.toString('latin1', hdlr.start + 16, hdlr.start + 20);
    const t = trex.get(trackId) ?? { duration: 0, size: 0, flags: 0 };
    return { trackId, timescale, handler, defaultDuration: t.duration, defaultSize: t.size, defaultFlags: t.flags };
  });
}

/** One sample of a track fragment: decode time (track ticks), duration (ticks), bytes, flags, composition offset. */
interface Sample {
  dts: number;
  duration: number;
  data: Buffer;
  flags: number;
  cts: number;
}

interface TrackRun {
  trackId: number;
  timescale: number;
  video: boolean;
  tfhdFlags: number;
  sampleDescriptionIndex: number | null;
  ctsSigned: boolean;
  samples: Sample[];
}

/** sample_is_non_sync_sample bit of the ISO BMFF sample flags (section 8.8.3.1). */
const NON_SYNC = 0x0001_0000;

function readTraf(seg: Buffer, moof: Box, traf: Box, tracks: readonly InitTrack[]): TrackRun {
  const tfhd = child(seg, traf, 'tfhd');
  const tfdt = child(seg, traf, 'tfdt');
  if (!tfhd || !tfdt) throw new Error('a traf box lacks tfhd or tfdt');
  const tfhdFlags = seg.readUInt32BE(tfhd.start + 8) & 0xffffff;
  const trackId = seg.readUInt32BE(tfhd.start + 12);
  const init = tracks.find((t) => t.trackId === trackId);
  if (!init) throw new Error(`track ${trackId} is not in the init segment`);
  let at = tfhd.start + 16;
  let base = moof.start;
  if (tfhdFlags & 0x1) { base = Number(seg.readBigUInt64BE(at)); at += 8; }
  else if (!(tfhdFlags & 0x20000)) throw new Error('only default-base-is-moof or explicit base offsets are supported');
  let sampleDescriptionIndex: number | null = null;
  if (tfhdFlags & 0x2) { sampleDescriptionIndex = seg.readUInt32BE(at); at += 4; }
  let defDuration = init.defaultDuration;
  let defSize = init.defaultSize;
  let defFlags = init.defaultFlags;
  if (tfhdFlags & 0x8) { defDuration = seg.readUInt32BE(at); at += 4; }
  if (tfhdFlags & 0x10) { defSize = seg.readUInt32BE(at); at += 4; }
  if (tfhdFlags & 0x20) { defFlags = seg.readUInt32BE(at); at += 4; }
  let dts = seg[tfdt.start + 8] === 1 ? Number(seg.readBigUInt64BE(tfdt.start + 12)) : seg.readUInt32BE(tfdt.start + 12);

  const samples: Sample[] = [];
  let ctsSigned = false;
  for (const trun of listBoxes(seg, traf.start + 8, traf.start + traf.size).filter((b) => b.type === 'trun')) {
    const version = seg[trun.start + 8]!;
    ctsSigned ||= version === 1;
    const flags = seg.readUInt32BE(trun.start + 8) & 0xffffff;
    const count = seg.readUInt32BE(trun.start + 12);
    let p = trun.start + 16;
    let offset = base;
    if (flags & 0x1) { offset = base + seg.readInt32BE(p); p += 4; }
    let firstFlags: number | null = null;
    if (flags & 0x4) { firstFlags = seg.readUInt32BE(p); p += 4; }
    for (let i = 0; i < count; i++) {
      const duration = flags & 0x100 ? seg.readUInt32BE((p += 4) - 4) : defDuration;
      const size = flags & 0x200 ? seg.readUInt32BE((p += 4) - 4) : defSize;
      let sampleFlags = flags & 0x400 ? seg.readUInt32BE((p += 4) - 4) : defFlags;
      if (i === 0 && firstFlags !== null) sampleFlags = firstFlags;
      const cts = flags & 0x800 ? (version === 1 ? seg.readInt32BE((p += 4) - 4) : seg.readUInt32BE((p += 4) - 4)) : 0;
      if (offset + size > seg.length) throw new Error(`a sample of track ${trackId} runs past the segment's end`);
      samples.push({ dts, duration, data: seg.subarray(offset, offset + size), flags: sampleFlags, cts });
      offset += size;
      dts += duration;
    }
  }
  return { trackId, timescale: init.timescale, video: init.handler === 'vide', tfhdFlags, sampleDescriptionIndex, ctsSigned, samples };
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function u32(...values: number[]): Buffer {
  const b = Buffer.alloc(4 * values.length);
  values.forEach((v, i) => b.writeUInt32BE(v >>> 0, 4 * i));
  return b;
}

/** One track's samples in a piece. */
interface PieceTrack {
  run: TrackRun;
  samples: Sample[];
}

/** Writes one fragment (moof + mdat) for the given tracks' samples; sequence number `sequence`. */
function writeFragment(sequence: number, parts: readonly PieceTrack[]): Buffer {
  const trunSize = (n: number) => 8 + 12 + 16 * n;
  const build = (moofSize: number): Buffer => {
    let dataAt = moofSize + 8;
    const trafs = parts.map(({ run, samples }) => {
      const tfhdBody = [u32(0x20000 | (run.sampleDescriptionIndex !== null ? 0x2 : 0)), u32(run.trackId)];
      if (run.sampleDescriptionIndex !== null) tfhdBody.push(u32(run.sampleDescriptionIndex));
      const tfdt = Buffer.alloc(12);
      tfdt.writeUInt32BE(0x0100_0000, 0);
      tfdt.writeBigUInt64BE(BigInt(samples[0]?.dts ?? 0), 4);
      const trunVersion = run.ctsSigned ? 1 : 0;
      const table = Buffer.alloc(16 * samples.length);
      samples.forEach((s, i) => {
        table.writeUInt32BE(s.duration, 16 * i);
        table.writeUInt32BE(s.data.length, 16 * i + 4);
        table.writeUInt32BE(s.flags >>> 0, 16 * i + 8);
        if (trunVersion === 1) table.writeInt32BE(s.cts, 16 * i + 12);
        else table.writeUInt32BE(s.cts, 16 * i + 12);
      });
      const trun = box('trun', u32(((trunVersion << 24) | 0xf01) >>> 0, samples.length, dataAt), table);
      dataAt += samples.reduce((a, s) => a + s.data.length, 0);
      return box('traf', box('tfhd', ...tfhdBody), box('tfdt', tfdt), trun);
    });
    return box('moof', box('mfhd', u32(0, sequence)), ...trafs);
  };
  const guess = 8 + 16 + parts.reduce((a, p) => a + 8 + (16 + (p.run.sampleDescriptionIndex !== null ? 4 : 0)) + 20 + trunSize(p.samples.length), 0);
  const moof = build(guess);
  if (moof.length !== guess) throw new Error('internal: moof size mismatch');
  return Buffer.concat([moof, box('mdat', ...parts.flatMap((p) => p.samples.map((s) => s.data)))]);
}

/** A piece of a cut segment: its bytes and where it starts and how long it lasts on the video timeline, seconds. */
export interface Fmp4Piece {
  bytes: Buffer;
  startSeconds: number;
  durationSeconds: number;
}

/**
 * Cuts a one-fragment CMAF segment at the first video sync samples whose presentation time is at or after
 * each of `cutSeconds` (measured from the segment's first video frame; within a quarter second before counts
 * too, for rounding), and every other track at the same instant. Cuts with no sync sample after them, or that
 * would leave a piece without video, are dropped. Any `styp` is repeated at the head of every piece; `sidx`
 * boxes are left out (HLS does not read them).
 * @param init the rendition's init segment (timescales and trex defaults)
 * @param segment the `.m4s` segment (styp? sidx* moof mdat)
 * @returns the pieces in order (one piece, the segment rewritten, when no cut applies)
 * @throws Error when the segment is not one moof + mdat, or a box or sample overruns the buffer
 */
export function splitFmp4Segment(init: Buffer, segment: Buffer, cutSeconds: readonly number[]): Fmp4Piece[] {
  const tracks = readInitTracks(init);
  const top = listBoxes(segment);
  const moofs = top.filter((b) => b.type === 'moof');
  if (moofs.length !== 1 || !top.some((b) => b.type === 'mdat')) throw new Error(`expected one moof and one mdat, found ${moofs.length} moof`);
  const moof = moofs[0]!;
  const styp = top.find((b) => b.type === 'styp');
  const runs = listBoxes(segment, moof.start + 8, moof.start + moof.size)
    .filter((b) => b.type === 'traf')
    .map((traf) => readTraf(segment, moof, traf, tracks));
  const video = runs.find((r) => r.video);
  if (!video || video.samples.length === 0) throw new Error('the segment has no video samples');
  const sequence = segment.readUInt32BE(child(segment, moof, 'mfhd')!.start + 12);

  const pts = (s: Sample) => s.dts + s.cts;
  const origin = Math.min(...video.samples.map(pts));
  const starts: number[] = [0];
  for (const cut of cutSeconds) {
    const ticks = origin + (cut - 0.25) * video.timescale;
    const i = video.samples.findIndex((s, k) => k > starts.at(-1)! && !(s.flags & NON_SYNC) && pts(s) >= ticks);
    if (i > 0) starts.push(i);
  }
  const videoStartSeconds = starts.map((i) => video.samples[i]!.dts / video.timescale);
  const end = (video.samples.at(-1)!.dts + video.samples.at(-1)!.duration) / video.timescale;
  return starts.map((from, k) => {
    const to = starts[k + 1] ?? video.samples.length;
    const fromSeconds = videoStartSeconds[k]!;
    const toSeconds = videoStartSeconds[k + 1] ?? Number.POSITIVE_INFINITY;
    const parts = runs.map((run): PieceTrack => {
      if (run === video) return { run, samples: run.samples.slice(from, to) };
      const at = (t: number) => (t === Number.POSITIVE_INFINITY ? run.samples.length : run.samples.findIndex((s) => s.dts / run.timescale >= t));
      const a = k === 0 ? 0 : at(fromSeconds);
      const b = at(toSeconds);
      return { run, samples: run.samples.slice(a < 0 ? run.samples.length : a, b < 0 ? run.samples.length : b) };
    }).filter((p) => p.samples.length > 0);
    const fragment = writeFragment(sequence, parts);
    return {
      bytes: styp ? Buffer.concat([segment.subarray(styp.start, styp.start + styp.size), fragment]) : fragment,
      startSeconds: fromSeconds,
      durationSeconds: (Number.isFinite(toSeconds) ? toSeconds : end) - fromSeconds,
    };
  });
}
