import { ArrowLeft, Lock, RotateCw, WifiOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { ApiError } from '../../../lib/api-client';
import { keyUsable, offlinePath } from '../lib/offline-paths';
import { getStored, type StoredDownload } from '../lib/offline-db';
import { savePlayed } from '../lib/played-stretches';
import { checkIn } from '../lib/transfer';

type Gate =
  | { kind: 'checking' }
  | { kind: 'missing' }
  | { kind: 'pass-ended'; reason: 'expired' | 'none' }
  | { kind: 'refused'; code: string }
  | { kind: 'check-in-online' }
  | { kind: 'not-controlled' }
  | { kind: 'play'; record: StoredDownload };

/**
 * Whether the service worker answers this page's requests, which the stored files (`/offline/*`) need: a page
 * loaded by a forced reload, or before the worker was installed, is not controlled. Waits up to `waitMs` for the
 * worker to take the page (it claims open pages when it activates, sw.ts). True where there are no workers to ask
 * about (then hls.js reports the failure).
 */
async function workerControls(waitMs = 1000): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return true;
  const container = navigator.serviceWorker;
  if (container.controller) return true;
  await new Promise<void>((resolve) => {
    const done = () => {
      container.removeEventListener('controllerchange', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    container.addEventListener('controllerchange', done);
  });
  return container.controller !== null;
}

/**
 * Decides whether a stored download may play (docs/decisions/027-offline-downloads.md): online, the check-in
 * (POST license) renews the key or, refused, deletes it; offline (or the server unreachable), the stored key's
 * validUntil decides: past it, the viewer must check in online. A page the service worker does not control
 * cannot read the stored files: the viewer is asked to reload it.
 */
async function gate(id: string): Promise<Gate> {
  const record = await getStored(id);
  if (!record || record.state !== 'done') return { kind: 'missing' };
  const online = typeof navigator === 'undefined' || navigator.onLine !== false;
  const result = online ? await checkIn(id) : ({ kind: 'offline' } as const);
  if (result.kind === 'pass-ended') return result;
  if (result.kind === 'refused') return result;
  const fresh = (await getStored(id)) ?? record;
  if (!keyUsable(fresh.validUntil, Date.now())) return { kind: 'check-in-online' };
  if (!(await workerControls())) return { kind: 'not-controlled' };
  return { kind: 'play', record: fresh };
}

function Message({ icon, title, text }: { icon: React.ReactNode; title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="grid justify-items-center gap-3 rounded-xl border p-6 text-center" data-testid="offline-message">
      {icon}
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-muted-foreground">{text}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to="/subscribe">{t('player.viewPlans')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/downloads">{t('offline.title')}</Link>
        </Button>
      </div>
    </div>
  );
}

/**
 * Saves on the device the wall-clock stretches the video element plays (played-stretches.ts), for the next check-in
 * to report to the minutes-watched ledger (ADR 049): from play to pause, end or the page going, and every
 * SAVE_EVERY_MS while it plays, so a closed tab loses at most that much.
 */
function usePlayedStretches(id: string, video: React.RefObject<HTMLVideoElement | null>) {
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let from: number | null = null;
    const save = () => {
      if (from !== null) void savePlayed(id, from, Date.now());
    };
    const onPlay = () => {
      from ??= Date.now();
    };
    const onStop = () => {
      save();
      from = null;
    };
    const timer = window.setInterval(save, SAVE_EVERY_MS);
    el.addEventListener('playing', onPlay);
    for (const name of ['pause', 'ended', 'waiting'] as const) el.addEventListener(name, onStop);
    window.addEventListener('pagehide', onStop);
    return () => {
      onStop();
      window.clearInterval(timer);
      el.removeEventListener('playing', onPlay);
      for (const name of ['pause', 'ended', 'waiting'] as const) el.removeEventListener(name, onStop);
      window.removeEventListener('pagehide', onStop);
    };
  }, [id, video]);
}

/** How often a stretch still playing is saved, ms. */
const SAVE_EVERY_MS = 15_000;

/** The stored media playlist played by hls.js (AES-128 segments, key from the worker), or natively where hls.js cannot. */
function OfflineVideo({ record }: { record: StoredDownload }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  usePlayedStretches(record.id, video);
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    const src = offlinePath(record.id, 'index.m3u8');
    let destroy = () => {};
    let live = true;
    void import('hls.js').then(({ default: Hls }) => {
      if (!live) return;
      if (!Hls.isSupported()) {
        el.src = src;
        return;
      }
      const hls = new Hls({ enableWorker: true });
      hls.on(Hls.Events.ERROR, (_e, data) => {
        if (data.fatal) setFailed(true);
      });
      hls.loadSource(src);
      hls.attachMedia(el);
      destroy = () => hls.destroy();
    }, () => setFailed(true));
    return () => {
      live = false;
      destroy();
    };
  }, [record.id]);
  return (
    <div className="grid gap-2">
      <video ref={video} controls autoPlay playsInline className="aspect-video w-full rounded-xl bg-black" data-testid="offline-video" poster={record.download.imageUrl ?? undefined} />
      {failed && (
        <p role="alert" className="text-sm text-destructive">
          {t('offline.playFailed')}
        </p>
      )}
    </div>
  );
}

/** /downloads/:id/play: a stored download played from the device (drawn in the browser; opens offline). */
export default function OfflinePlayerPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [state, setState] = useState<Gate>({ kind: 'checking' });
  useEffect(() => {
    let live = true;
    setState({ kind: 'checking' });
    void gate(id).then((g) => live && setState(g), () => live && setState({ kind: 'missing' }));
    return () => {
      live = false;
    };
  }, [id]);
  return (
    <div className="mx-auto grid max-w-4xl gap-4 px-4 py-6">
      <Link to="/downloads" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('offline.title')}
      </Link>
      {state.kind === 'checking' && <Spinner label={t('common.loading')} />}
      {state.kind === 'missing' && <p role="alert">{t('offline.missing')}</p>}
      {state.kind === 'pass-ended' && (
        <Message icon={<Lock className="size-6" aria-hidden="true" />} title={t('player.subscriptionRequired')} text={state.reason === 'expired' ? t('player.subscriptionExpired') : t('player.subscriptionNone')} />
      )}
      {state.kind === 'refused' && <Message icon={<Lock className="size-6" aria-hidden="true" />} title={t('offline.refused')} text={errorMessage(t, new ApiError(403, state.code, state.code))} />}
      {state.kind === 'check-in-online' && <Message icon={<WifiOff className="size-6" aria-hidden="true" />} title={t('offline.checkInTitle')} text={t('offline.checkInText')} />}
      {state.kind === 'not-controlled' && (
        <div role="alert" className="grid justify-items-center gap-3 rounded-xl border p-6 text-center" data-testid="offline-message">
          <RotateCw className="size-6" aria-hidden="true" />
          <h2 className="text-lg font-semibold">{t('offline.reloadTitle')}</h2>
          <p className="text-muted-foreground">{t('offline.reloadText')}</p>
          <Button onClick={() => window.location.reload()}>{t('offline.reload')}</Button>
        </div>
      )}
      {state.kind === 'play' && (
        <>
          <h1 className="text-xl font-bold">{state.record.download.title}</h1>
          <OfflineVideo record={state.record} />
        </>
      )}
    </div>
  );
}
