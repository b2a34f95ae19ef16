import { MAX_VIDEO_BYTES } from '../../../../shared/contracts/media';

/** Client checks of a chosen video file (docs/product/admin.md §5); the server checks the content again. */
export function checkVideoFile(file: File): 'invalidType' | 'tooLarge' | null {
  if (!file.type.startsWith('video/')) return 'invalidType';
  if (file.size > MAX_VIDEO_BYTES) return 'tooLarge';
  return null;
}

/** The file name without its extension: the default title (docs/product/admin.md §5). */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).trim();
}
