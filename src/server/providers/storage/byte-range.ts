/**
 * Byte-range rules shared by the media storage implementations, after RFC 9110 section 14.1.2: a range is
 * `start-end`, both inclusive byte offsets; a range whose first byte is at or past the end of the object is not
 * satisfiable (the HTTP answer is 416, section 15.5.17); an end past the last byte means "to the end".
 */
import type { ByteRange } from './media-storage.js';

/**
 * Checks the shape of a range: whole numbers, `0 <= start <= end`.
 * @throws RangeError otherwise
 */
export function assertRangeShape(range: ByteRange): ByteRange {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`bad byte range ${start}-${end}`);
  }
  return range;
}

/**
 * The part of `range` inside an object of `size` bytes: the end is clamped to `size - 1`.
 * @throws RangeError when the range is malformed or starts at or past `size` (not satisfiable).
 */
export function checkRange(range: ByteRange, size: number): ByteRange {
  assertRangeShape(range);
  if (range.start >= size) throw new RangeError(`byte range ${range.start}-${range.end} starts past the end (${size} bytes)`);
  return { start: range.start, end: Math.min(range.end, size - 1) };
}
