import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaptionLanguage, CaptionTrackAdmin } from '../../../../shared/contracts/playback';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

const enc = encodeURIComponent;

/** GET /api/admin/videos/:id/captions. */
export function useCaptions(videoId: string) {
  return useQuery({
    queryKey: adminKeys.captions(videoId),
    queryFn: () => apiRequest<{ items: CaptionTrackAdmin[] }>(`/api/admin/videos/${enc(videoId)}/captions`),
    select: (d) => d.items,
    retry: false,
  });
}

/** PUT /api/admin/videos/:id/captions/:language with the WebVTT or SRT text; 400 caption_invalid. */
async function putCaption(videoId: string, language: CaptionLanguage, file: File): Promise<CaptionTrackAdmin> {
  const srt = /\.srt$/i.test(file.name);
  const res = await fetch(`/api/admin/videos/${enc(videoId)}/captions/${language}`, {
    method: 'PUT',
    headers: { 'Content-Type': srt ? 'application/x-subrip' : 'text/vtt', Accept: 'application/json' },
    body: await file.text(),
    credentials: 'same-origin',
  });
  const data = (await res.json().catch(() => null)) as (CaptionTrackAdmin & { error?: { code: string; message: string; details?: unknown } }) | null;
  if (!res.ok || !data) throw new ApiError(res.status, data?.error?.code ?? 'http_error', data?.error?.message ?? res.statusText, data?.error?.details);
  return data;
}

export function useCaptionMutations(videoId: string) {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: adminKeys.captions(videoId) });
  return {
    upload: useMutation({ mutationFn: ({ language, file }: { language: CaptionLanguage; file: File }) => putCaption(videoId, language, file), onSuccess: refresh }),
    remove: useMutation({
      mutationFn: (language: CaptionLanguage) => apiRequest<void>(`/api/admin/videos/${enc(videoId)}/captions/${language}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
