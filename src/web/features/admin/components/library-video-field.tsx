import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { errorMessage } from '../../../lib/error-message';
import { controlProps, FormField } from './form-field';
import { isApiError } from '../../../lib/api-client';
import { useLibraryVideos, verifyVideo } from '../api/videos';
import { formatDate } from '../../../lib/format';

/**
 * Attach a video already in the library instead of uploading one (docs/product/admin.md §4 "Movie creation flow"):
 * pick it from the list or type its id, Verify asks the server, a green note says it is connected; any edit of
 * the choice un-verifies it. Verifying an empty id: 'Please enter a video id'. The id is required (marked so);
 * `error` (translated) shows beside it, which is then marked invalid (ADR 056).
 */
export function LibraryVideoField({ value, verified, onChange, error }: { value: string; verified: boolean; onChange: (videoId: string, verified: boolean) => void; error?: string }) {
  const { t, i18n } = useTranslation();
  const [q, setQ] = useState('');
  const [busy, setBusy] = useState(false);
  const videos = useLibraryVideos({ q: q.trim() || undefined, unattached: 'true' });

  const verify = async (id = value) => {
    if (!id.trim()) {
      toast.error(t('admin.enterVideoId'));
      return;
    }
    setBusy(true);
    try {
      await verifyVideo(id.trim());
      onChange(id.trim(), true);
      toast.success(t('admin.videoVerified'));
    } catch (error) {
      onChange(id, false);
      toast.error(isApiError(error, 'not_found') || isApiError(error, 'validation_failed') ? t('admin.videoNotFound') : errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-3 rounded-lg border p-3">
      <FormField id="library-video-id" label={t('admin.libraryVideoId')} required error={error}>
        <div className="flex gap-2">
          <Input value={value} onChange={(e) => onChange(e.target.value, false)} placeholder="00000000-0000-0000-0000-000000000000" {...controlProps('library-video-id', error, true)} />
          <Button variant="outline" disabled={busy} onClick={() => void verify()}>
            {t('admin.verify')}
          </Button>
        </div>
        {verified && (
          <p className="flex items-center gap-1 text-sm text-emerald-600" data-testid="video-verified">
            <CheckCircle2 className="size-4" aria-hidden="true" /> {t('admin.videoConnected')}
          </p>
        )}
      </FormField>
      <div className="grid gap-2">
        <Label htmlFor="library-search">{t('admin.searchLibrary')}</Label>
        <Input id="library-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        {videos.isError ? (
          <p className="text-sm text-destructive">{errorMessage(t, videos.error)}</p>
        ) : videos.data?.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('admin.libraryEmpty')}</p>
        ) : (
          <ul className="grid max-h-48 gap-1 overflow-y-auto">
            {videos.data?.items.map((v) => (
              <li key={v.id}>
                <button
                  type="button"
                  className="w-full rounded-md px-2 py-1 text-left text-sm hover:bg-muted aria-pressed:bg-muted"
                  aria-pressed={v.id === value}
                  onClick={() => {
                    onChange(v.id, false);
                    void verify(v.id);
                  }}
                >
                  <span className="font-medium">{v.fileName ?? v.id}</span>{' '}
                  <span className="text-xs text-muted-foreground">
                    {t(`admin.videoState.${v.status}`)} · {formatDate(v.createdAt, i18n.language)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
