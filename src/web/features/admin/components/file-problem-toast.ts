import type { TFunction } from 'i18next';
import { toast } from 'sonner';

export function toastFileProblem(t: TFunction, problem: 'invalidType' | 'tooLarge'): void {
  if (problem === 'invalidType') toast.error(t('admin.invalidFileType'), { description: t('admin.invalidFileTypeText') });
  else toast.error(t('admin.fileTooLarge'), { description: t('admin.fileTooLargeText') });
}
