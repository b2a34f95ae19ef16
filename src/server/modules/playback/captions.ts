/**
 * Caption files (ADR 009 "Captions"): WebVTT or SRT text in, normalised WebVTT out, with the `subtitle` library
 * (parser for both formats, WebVTT writer). Pure.
 * Errors: AppError 400 `caption_invalid` with `details.reason` ('empty', 'parse', 'no_cues', 'bad_timing').
 */
import { parseSync, stringifySync, type Node } from 'subtitle';
import { AppError } from '../../lib/app-error.js';

export interface ConvertedCaptions {
  vtt: string;
  sourceFormat: 'vtt' | 'srt';
  cues: number;
}

const invalid = (reason: string, message: string) => new AppError(400, 'caption_invalid', message, { reason });

/** Converts an uploaded WebVTT (starts with "WEBVTT") or SRT text to WebVTT. Throws caption_invalid. */
export function toWebVtt(input: string): ConvertedCaptions {
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!text.trim()) throw invalid('empty', 'The caption file is empty.');
  if (text.includes('\u0000')) throw invalid('parse', 'The caption file is not text.');
  const sourceFormat = /^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(text) ? 'vtt' : 'srt';
  let nodes: Node[];
  try {
    nodes = parseSync(text);
  } catch (err) {
    throw invalid('parse', `This caption file is not valid ${sourceFormat === 'vtt' ? 'WebVTT' : 'SRT'}: ${(err as Error).message}`);
  }
  const cues = nodes.filter((n) => n.type === 'cue');
  if (cues.length === 0) throw invalid('no_cues', 'The caption file has no captions.');
  for (const c of cues) {
    const { start, end } = c.data as { start: number; end: number };
    if (!(Number.isFinite(start) && Number.isFinite(end) && start >= 0 && end > start)) {
      throw invalid('bad_timing', 'A caption ends before it starts.');
    }
  }
  return { vtt: stringifySync(cues, { format: 'WebVTT' }), sourceFormat, cues: cues.length };
}
