import { Captions, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { AdminEpisode, AdminSeason, AdminSeries } from '../../../../shared/contracts/admin';
import { formatDuration } from '../../../../shared/domain/duration';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Input, Textarea } from '../../../components/ui/input';
import { FieldError, Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { useAdminSeries, useEpisodes, useSeasons, useSeriesMutations } from '../api/series';
import { CaptionsDialog } from '../components/captions-dialog';
import { ConfirmDialog } from '../components/confirm-dialog';
import { toastFileProblem } from '../components/file-problem-toast';
import { RightsSection } from '../components/rights-section';
import { SeriesForm, seriesValues } from '../components/series-form';
import { checkVideoFile } from '../components/video-file';
import { uploadStore } from '../hooks/use-uploads';
import { categoryLabel } from '../../../lib/category-label';

/** The next season number: the count of seasons plus 1 (docs/product/admin.md §9). */
export function nextSeasonNumber(seasons: readonly { seasonNumber: number }[]): number {
  return seasons.length + 1;
}

/**
 * Series Management (docs/product/admin.md §2, §4, §5): the series list and a new-series form; a selected series
 * shows its seasons, a season added inline becomes the selected one, a selected season lists its episodes and
 * takes a new episode with its video upload; series and episodes are edited and deleted (asked first).
 */
export function SeriesTab() {
  const { t } = useTranslation();
  const series = useAdminSeries();
  const m = useSeriesMutations();
  const [creating, setCreating] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = series.data?.find((s) => s.id === selectedId) ?? null;

  useEffect(() => {
    if (series.isError) toast.error(t('admin.seriesLoadFailed'), { description: errorMessage(t, series.error) });
  }, [series.isError, series.error, t]);

  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
      <Card className="h-fit">
        <CardHeader className="flex-row items-center justify-between gap-2">
          <CardTitle>{t('admin.seriesList')}</CardTitle>
          <Button size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" /> {t('admin.newSeries')}
          </Button>
        </CardHeader>
        <CardContent>
          {series.isPending ? (
            <Spinner label={t('common.loading')} />
          ) : series.data?.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('admin.noSeries')}</p>
          ) : (
            <ul className="grid gap-1" aria-label={t('admin.seriesList')}>
              {series.data?.map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    aria-pressed={s.id === selectedId}
                    onClick={() => setSelectedId(s.id)}
                    className="w-full rounded-md px-3 py-2 text-left text-sm hover:bg-muted aria-pressed:bg-primary/10 aria-pressed:font-semibold"
                  >
                    {s.title}
                    <span className="block text-xs font-normal text-muted-foreground">{t('admin.seasonCount', { count: s.seasonsCount })} · {t('admin.episodeCount', { count: s.episodesCount })}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <div className="grid content-start gap-6">
        {creating && (
          <Card>
            <CardHeader>
              <CardTitle>{t('admin.newSeries')}</CardTitle>
            </CardHeader>
            <CardContent>
              <SeriesForm
                initial={seriesValues()}
                submitLabel={t('admin.createSeries')}
                busy={m.createSeries.isPending}
                withRights
                onCancel={() => setCreating(false)}
                onSubmit={async (body) => {
                  try {
                    const { series: created } = await m.createSeries.mutateAsync(body);
                    toast.success(t('admin.seriesCreated'), { description: created.title });
                    setCreating(false);
                    setSelectedId(created.id);
                  } catch (error) {
                    toast.error(t('admin.seriesCreateFailed'), { description: errorMessage(t, error) });
                  }
                }}
              />
            </CardContent>
          </Card>
        )}
        {selected ? <SeriesDetail key={selected.id} series={selected} onDeleted={() => setSelectedId(null)} /> : !creating && <p className="text-sm text-muted-foreground">{t('admin.selectSeries')}</p>}
      </div>
    </div>
  );
}

function SeriesDetail({ series, onDeleted }: { series: AdminSeries; onDeleted: () => void }) {
  const { t } = useTranslation();
  const m = useSeriesMutations();
  const seasons = useSeasons(series.id);
  const [seasonId, setSeasonId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [number, setNumber] = useState('');
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const season = seasons.data?.find((s) => s.id === seasonId) ?? null;

  useEffect(() => {
    if (seasons.isError) toast.error(t('admin.seasonsLoadFailed'), { description: errorMessage(t, seasons.error) });
  }, [seasons.isError, seasons.error, t]);

  const openAdd = () => {
    setNumber(String(nextSeasonNumber(seasons.data ?? [])));
    setAdding(true);
  };
  const addSeason = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(number);
    if (!Number.isInteger(n) || n < 1) return void toast.error(t('admin.seasonCreateFailed'), { description: t('admin.fieldError.seasonMin') });
    try {
      const { season: created } = await m.createSeason.mutateAsync({ seriesId: series.id, seasonNumber: n });
      setAdding(false);
      setSeasonId(created.id);
      toast.success(t('admin.seasonCreated', { number: created.seasonNumber }));
    } catch (error) {
      toast.error(t('admin.seasonCreateFailed'), { description: errorMessage(t, error) });
    }
  };
  const onDelete = async () => {
    try {
      const gone = await m.deleteSeries.mutateAsync(series.id);
      toast.success(t('admin.deletedText', { title: gone.title }));
      setConfirming(false);
      onDeleted();
    } catch (error) {
      toast.error(t('admin.seriesDeleteFailed'), { description: errorMessage(t, error) });
    }
  };

  return (
    <Card data-testid="series-detail">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle>{series.title}</CardTitle>
          <p className="text-sm text-muted-foreground">{[series.category && categoryLabel(t, series.category), series.year, series.director].filter(Boolean).join(' · ')}</p>
        </div>
        <div className="flex gap-1">
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" /> {t('admin.editSeries')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" /> {t('admin.deleteSeries')}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">{t('admin.seasons')}</h3>
          <div className="flex flex-wrap items-center gap-2">
            {seasons.data?.map((s) => (
              <Button key={s.id} size="sm" variant={s.id === seasonId ? 'default' : 'outline'} aria-pressed={s.id === seasonId} onClick={() => setSeasonId(s.id)}>
                {s.title}
              </Button>
            ))}
            {!adding && (
              <Button size="sm" variant="ghost" onClick={openAdd}>
                <Plus aria-hidden="true" /> {t('admin.addSeason')}
              </Button>
            )}
          </div>
          {adding && (
            <form onSubmit={(e) => void addSeason(e)} className="flex flex-wrap items-end gap-2" aria-label={t('admin.addSeason')}>
              <div className="grid gap-1">
                <Label htmlFor="season-number">{t('admin.seasonNumber')}</Label>
                <Input id="season-number" type="number" min={1} step={1} value={number} onChange={(e) => setNumber(e.target.value)} className="w-28" />
              </div>
              <Button type="submit" size="sm" disabled={m.createSeason.isPending}>
                {t('admin.createSeason')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setAdding(false)}>
                {t('admin.cancel')}
              </Button>
            </form>
          )}
        </div>
        {season ? <SeasonEpisodes key={season.id} season={season} series={series} /> : <p className="text-sm text-muted-foreground">{t('admin.selectSeason')}</p>}
      </CardContent>
      {editing && (
        <Dialog open onOpenChange={(o) => !o && setEditing(false)}>
          <DialogContent closeLabel={t('common.close')} className="max-w-2xl">
            <DialogHeader>
              <DialogTitle>{t('admin.editSeries')}</DialogTitle>
            </DialogHeader>
            <SeriesForm
              initial={seriesValues(series)}
              submitLabel={t('admin.save')}
              busy={m.updateSeries.isPending}
              onCancel={() => setEditing(false)}
              onSubmit={async (body) => {
                try {
                  await m.updateSeries.mutateAsync({ id: series.id, body });
                  toast.success(t('admin.seriesUpdated'));
                  setEditing(false);
                } catch (error) {
                  toast.error(t('admin.seriesUpdateFailed'), { description: errorMessage(t, error) });
                }
              }}
            />
            <RightsSection titleId={series.id} />
          </DialogContent>
        </Dialog>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('admin.deleteSeriesTitle', { title: series.title })}
        description={t('admin.deleteSeriesText')}
        confirmLabel={t('admin.delete')}
        busy={m.deleteSeries.isPending}
        onConfirm={() => void onDelete()}
      />
    </Card>
  );
}

/** The checks of an episode (docs/product/admin.md §5 "Episode"): title required, number a whole number ≥ 1. i18n keys by field. */
export function validateEpisode(v: { title: string; episodeNumber: string }): Record<string, string> {
  const e: Record<string, string> = {};
  if (!v.title.trim()) e.title = 'required';
  const n = Number(v.episodeNumber);
  if (!v.episodeNumber.trim() || !Number.isInteger(n) || n < 1) e.episodeNumber = 'episodeMin';
  return e;
}

function SeasonEpisodes({ season, series }: { season: AdminSeason; series: AdminSeries }) {
  const { t, i18n } = useTranslation();
  const m = useSeriesMutations();
  const episodes = useEpisodes(season.id);
  const [form, setForm] = useState({ episodeNumber: '', title: '', description: '', minutes: '' });
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [editing, setEditing] = useState<AdminEpisode | null>(null);
  const [deleting, setDeleting] = useState<AdminEpisode | null>(null);
  const [captions, setCaptions] = useState<AdminEpisode | null>(null);
  const [confirmSeason, setConfirmSeason] = useState(false);

  useEffect(() => {
    if (episodes.isError) toast.error(t('admin.episodesLoadFailed'), { description: errorMessage(t, episodes.error) });
  }, [episodes.isError, episodes.error, t]);
  const nextNumber = String((episodes.data?.reduce((max, e) => Math.max(max, e.episodeNumber), 0) ?? 0) + 1);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const values = { ...form, episodeNumber: form.episodeNumber || nextNumber };
    const problems = validateEpisode(values);
    setErrors(problems);
    if (problems.title) toast.error(t('admin.missingInfo'), { description: t('admin.episodeRequired') });
    if (Object.keys(problems).length > 0) return;
    const minutes = form.minutes.trim() ? Math.round(Number(form.minutes) * 60) : null;
    try {
      const { episode } = await m.createEpisode.mutateAsync({
        seasonId: season.id,
        body: { episodeNumber: Number(values.episodeNumber), title: values.title.trim(), description: values.description.trim(), durationSeconds: minutes !== null && Number.isFinite(minutes) ? minutes : null },
      });
      toast.success(t('admin.episodeCreated'), { description: episode.title });
      if (file) uploadStore().add({ kind: 'episode', id: episode.id }, `${series.title} · ${season.title} · ${episode.title}`, file);
      setForm({ episodeNumber: '', title: '', description: '', minutes: '' });
      setFile(null);
      setFileKey((k) => k + 1);
    } catch (error) {
      toast.error(t('admin.episodeCreateFailed'), { description: errorMessage(t, error) });
    }
  };

  const onDeleteSeason = async () => {
    try {
      const gone = await m.deleteSeason.mutateAsync(season);
      toast.success(t('admin.deletedText', { title: gone.title }));
      setConfirmSeason(false);
    } catch (error) {
      toast.error(t('admin.seasonDeleteFailed'), { description: errorMessage(t, error) });
    }
  };

  return (
    <div className="grid gap-4" data-testid="season-episodes">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{t('admin.episodesOf', { season: season.title })}</h3>
        <Button size="sm" variant="ghost" onClick={() => setConfirmSeason(true)}>
          <Trash2 aria-hidden="true" /> {t('admin.deleteSeason')}
        </Button>
      </div>
      {episodes.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : episodes.data?.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin.noEpisodes')}</p>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label={t('admin.episodesOf', { season: season.title })}>
          {episodes.data?.map((ep) => (
            <li key={ep.id} className="flex flex-wrap items-center justify-between gap-2 p-3" data-testid="episode-row">
              <div className="min-w-0">
                <p className="font-medium">
                  {ep.episodeNumber}. {ep.title}
                </p>
                <p className="text-xs text-muted-foreground">
                  {[formatDuration(ep.durationSeconds, i18n.language), ep.video ? t(`admin.videoState.${ep.video.status}`) + (ep.video.status === 'processing' ? ` ${Math.round(ep.video.progress)}%` : '') : t('admin.noVideo')]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <div className="flex gap-1">
                {ep.video && (
                  <Button size="sm" variant="ghost" onClick={() => setCaptions(ep)} aria-label={t('admin.captionsFor', { title: ep.title })}>
                    <Captions aria-hidden="true" />
                  </Button>
                )}
                <Button size="sm" variant="outline" onClick={() => setEditing(ep)} aria-label={t('admin.editTitle', { title: ep.title })}>
                  <Pencil aria-hidden="true" />
                </Button>
                <Button size="sm" variant="outline" onClick={() => setDeleting(ep)} aria-label={t('admin.deleteTitle', { title: ep.title })}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(e) => void add(e)} noValidate className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[8rem_1fr]" aria-label={t('admin.addEpisode')}>
        <h4 className="text-sm font-semibold sm:col-span-2">{t('admin.addEpisode')}</h4>
        <div className="grid gap-1">
          <Label htmlFor="episode-number">{t('admin.episodeNumber')}</Label>
          <Input id="episode-number" type="number" min={1} step={1} placeholder={nextNumber} value={form.episodeNumber} onChange={(e) => setForm((f) => ({ ...f, episodeNumber: e.target.value }))} aria-invalid={!!errors.episodeNumber || undefined} />
          <FieldError id="episode-number-error">{errors.episodeNumber ? t(`admin.fieldError.${errors.episodeNumber}`) : undefined}</FieldError>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="episode-title">{t('admin.episodeTitle')}</Label>
          <Input id="episode-title" value={form.title} onChange={(e) => setForm((f) => ({ ...f, title: e.target.value }))} aria-invalid={!!errors.title || undefined} />
          <FieldError id="episode-title-error">{errors.title ? t(`admin.fieldError.${errors.title}`) : undefined}</FieldError>
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <Label htmlFor="episode-description">{t('admin.description')}</Label>
          <Textarea id="episode-description" rows={2} value={form.description} onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="episode-minutes">{t('admin.durationMinutes')}</Label>
          <Input id="episode-minutes" type="number" min={0} step={1} value={form.minutes} onChange={(e) => setForm((f) => ({ ...f, minutes: e.target.value }))} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="episode-file">{t('admin.episodeVideo')}</Label>
          <Input
            key={fileKey}
            id="episode-file"
            type="file"
            accept="video/*"
            className="h-auto py-2"
            onChange={(e) => {
              const chosen = e.currentTarget.files?.[0] ?? null;
              const problem = chosen ? checkVideoFile(chosen) : null;
              if (problem) {
                toastFileProblem(t, problem);
                e.currentTarget.value = '';
                return setFile(null);
              }
              setFile(chosen);
            }}
          />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={m.createEpisode.isPending}>
            {t('admin.createEpisode')}
          </Button>
        </div>
      </form>
      {editing && <EpisodeEditDialog episode={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t('admin.deleteEpisodeTitle', { title: deleting?.title ?? '' })}
        description={t('admin.deleteEpisodeText')}
        confirmLabel={t('admin.delete')}
        busy={m.deleteEpisode.isPending}
        onConfirm={() => {
          if (!deleting) return;
          m.deleteEpisode.mutate(deleting, {
            onSuccess: (gone) => {
              toast.success(t('admin.deletedText', { title: gone.title }));
              setDeleting(null);
            },
            onError: (error) => toast.error(t('admin.episodeDeleteFailed'), { description: errorMessage(t, error) }),
          });
        }}
      />
      <ConfirmDialog
        open={confirmSeason}
        onOpenChange={setConfirmSeason}
        title={t('admin.deleteSeasonTitle', { title: season.title })}
        description={t('admin.deleteSeasonText')}
        confirmLabel={t('admin.delete')}
        busy={m.deleteSeason.isPending}
        onConfirm={() => void onDeleteSeason()}
      />
      {captions?.video && <CaptionsDialog videoId={captions.video.id} title={captions.title} onClose={() => setCaptions(null)} />}
    </div>
  );
}

function EpisodeEditDialog({ episode, onClose }: { episode: AdminEpisode; onClose: () => void }) {
  const { t } = useTranslation();
  const m = useSeriesMutations();
  const [v, setV] = useState({ episodeNumber: String(episode.episodeNumber), title: episode.title, description: episode.description, minutes: episode.durationSeconds == null ? '' : String(Math.round(episode.durationSeconds / 60)) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = validateEpisode(v);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      await m.updateEpisode.mutateAsync({
        id: episode.id,
        body: { episodeNumber: Number(v.episodeNumber), title: v.title.trim(), description: v.description.trim(), ...(v.minutes.trim() ? { durationSeconds: Math.round(Number(v.minutes) * 60) } : {}) },
      });
      toast.success(t('admin.episodeUpdated'));
      onClose();
    } catch (error) {
      toast.error(t('admin.episodeUpdateFailed'), { description: errorMessage(t, error) });
    }
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{t('admin.editEpisode')}</DialogTitle>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3">
          <div className="grid gap-1">
            <Label htmlFor="edit-episode-number">{t('admin.episodeNumber')}</Label>
            <Input id="edit-episode-number" type="number" min={1} step={1} value={v.episodeNumber} onChange={(e) => setV((o) => ({ ...o, episodeNumber: e.target.value }))} aria-invalid={!!errors.episodeNumber || undefined} />
            <FieldError id="edit-episode-number-error">{errors.episodeNumber ? t(`admin.fieldError.${errors.episodeNumber}`) : undefined}</FieldError>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="edit-episode-title">{t('admin.episodeTitle')}</Label>
            <Input id="edit-episode-title" value={v.title} onChange={(e) => setV((o) => ({ ...o, title: e.target.value }))} aria-invalid={!!errors.title || undefined} />
            <FieldError id="edit-episode-title-error">{errors.title ? t(`admin.fieldError.${errors.title}`) : undefined}</FieldError>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="edit-episode-description">{t('admin.description')}</Label>
            <Textarea id="edit-episode-description" rows={3} value={v.description} onChange={(e) => setV((o) => ({ ...o, description: e.target.value }))} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="edit-episode-minutes">{t('admin.durationMinutes')}</Label>
            <Input id="edit-episode-minutes" type="number" min={0} step={1} value={v.minutes} onChange={(e) => setV((o) => ({ ...o, minutes: e.target.value }))} />
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" disabled={m.updateEpisode.isPending}>
              {t('admin.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default SeriesTab;
