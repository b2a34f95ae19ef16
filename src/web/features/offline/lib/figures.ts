import { formatDate, formatDecimal } from '../../../lib/format';

/**
 * Sizes on screen in the viewer's language (docs/decisions/025-localised-figures-and-download-validators.md):
 * megabytes (10^6 bytes) with one decimal under 1 GB, gigabytes (10^9 bytes) with one decimal from there.
 * @param bytes size in bytes
 */
export function sizeParts(bytes: number, language: string): { unit: 'mb' | 'gb'; value: string } {
  if (bytes >= 1e9) return { unit: 'gb', value: formatDecimal(bytes / 1e9, language) };
  return { unit: 'mb', value: formatDecimal(bytes / 1e6, language) };
}

/** A date and time in the viewer's language and the device's time zone (docs/product/architecture.md §4.8). */
export function formatWhen(iso: string, language: string): string {
  return formatDate(iso, language, { time: true, deviceZone: true });
}
