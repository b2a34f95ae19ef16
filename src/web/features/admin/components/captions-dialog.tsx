import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CAPTION_LANGUAGES, CAPTION_MAX_BYTES, type CaptionLanguage } from '../../../../shared/contracts/playback';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { errorMessage } from '../../../lib/error-message';
import { useCaptionMutations, useCaptions } from '../api/captions';
import { isMissingRoute } from '../api/keys';

/** A caption file the panel sends: WebVTT (.vtt) or SubRip (.srt), at most CAPTION_MAX_BYTES. Returns an i18n key or null. */
export function checkCaptionFile(file: { name: string; size: number }): 'captionType' | 'captionSize' | null {
  if (!/\.(vtt|srt)$/i.test(file.name)) return 'captionType';
  if (file.size > CAPTION_MAX_BYTES) return 'captionSize';
  return null;
}

/** Captions of one video in en, fr, rw: list, upload (replaces), delete (ADR 009 "Captions"). */
export function CaptionsDialog({ videoId, title, onClose }: { videoId: string; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const list = useCaptions(videoId);
  const { upload, remove } = useCaptionMutations(videoId);
  const [language, setLanguage] = useState<CaptionLanguage>('rw');
  const unavailable = list.isError && isMissingRoute(list.error);

  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = checkCaptionFile(file);
    if (problem) return void toast.error(t(`admin.${problem}`));
    try {
      await upload.mutateAsync({ language, file });
      toast.success(t('admin.captionSaved', { language: t(`admin.lang.${language}`) }));
    } catch (error) {
      toast.error(t('admin.captionFailed'), { description: errorMessage(t, error) });
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{t('admin.captionsFor', { title })}</DialogTitle>
          <DialogDescription>{t('admin.captionsHint')}</DialogDescription>
        </DialogHeader>
        {unavailable ? (
          <p role="status" className="text-sm text-muted-foreground">{t('admin.notAvailableYet')}</p>
        ) : list.isError ? (
          <p role="alert" className="text-sm text-destructive">{errorMessage(t, list.error)}</p>
        ) : (
          <>
            <ul className="grid gap-2" data-testid="caption-list">
              {list.data?.length === 0 && <li className="text-sm text-muted-foreground">{t('admin.noCaptions')}</li>}
              {list.data?.map((c) => (
                <li key={c.language} className="flex items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm">
                  <span>
                    <strong>{t(`admin.lang.${c.language}`)}</strong> · {c.sourceFormat.toUpperCase()} · {t('admin.cues', { count: c.cues })}
                  </span>
                  <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => remove.mutate(c.language, { onError: (e) => toast.error(t('admin.captionFailed'), { description: errorMessage(t, e) }) })}>
                    {t('admin.delete')}
                  </Button>
                </li>
              ))}
            </ul>
            <div className="grid gap-2 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor="caption-language">{t('admin.captionLanguage')}</Label>
                <select id="caption-language" className="h-10 rounded-md border border-input bg-background px-3 text-sm" value={language} onChange={(e) => setLanguage(e.target.value as CaptionLanguage)}>
                  {CAPTION_LANGUAGES.map((l) => (
                    <option key={l} value={l}>
                      {t(`admin.lang.${l}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="grid gap-2">
                <Label htmlFor="caption-file">{t('admin.captionFile')}</Label>
                <input id="caption-file" type="file" accept=".vtt,.srt,text/vtt" disabled={upload.isPending} onChange={(e) => void onFile(e.currentTarget)} className="text-sm" />
              </div>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
