import { Captions, Check, Gauge, Loader2, Maximize, Minimize, Pause, PictureInPicture2, Play, Settings, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataSaverHeight, DataSaverSource, PlaybackRendition } from '../../../../shared/contracts/playback';
import { cn } from '../../../lib/cn';
import { formatClock, megabytesPerHour } from '../lib/time-format';
import { formatMegabytes, type DataSaverChoice } from './data-figures';

export interface QualityOption {
  /** hls.js level index */
  index: number;
  /** e.g. "720p" */
  name: string;
  /** bits per second */
  bitrate: number;
}

export interface CaptionOption {
  id: number;
  /** BCP 47 code, e.g. "rw" */
  lang: string;
  label: string;
}

/**
 * What a quality costs, megabytes (10^6 bytes): per hour (the server's measured figure for that rendition, else
 * from the bitrate hls.js reports) and for the whole video (`megabytesForVideo`: duration x average bitrate / 8 of
 * the measured rendition; null when the server does not know it).
 */
export function qualityMegabytes(q: QualityOption, renditions: PlaybackRendition[]): { perHour: number; forVideo: number | null } {
  const r = renditions.find((x) => x.name === q.name);
  return r ? { perHour: r.megabytesPerHour, forVideo: r.megabytesForVideo ?? null } : { perHour: megabytesPerHour(q.bitrate), forVideo: null };
}

const iconButton =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-md text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-white disabled:opacity-40 [&_svg]:size-5';

function MenuItem({ checked, onSelect, children }: { checked: boolean; onSelect: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      role="menuitemradio"
      aria-checked={checked}
      onClick={onSelect}
      className={cn('flex w-full items-center justify-between gap-3 rounded px-2 py-1.5 text-left text-sm hover:bg-white/10 focus-visible:bg-white/15 focus-visible:outline-none', checked && 'font-semibold')}
    >
      <span className="flex items-center gap-2">
        <Check className={cn('size-4', !checked && 'invisible')} aria-hidden="true" />
        {children}
      </span>
    </button>
  );
}

export interface PlayerControlsProps {
  visible: boolean;
  playing: boolean;
  waiting: boolean;
  time: number;
  duration: number;
  buffered: number;
  volume: number;
  muted: boolean;
  speed: number;
  speeds: readonly number[];
  qualities: QualityOption[];
  /** -1: Auto */
  quality: number;
  /** The rendition playing now (shown next to Auto). */
  activeRendition: string;
  renditions: PlaybackRendition[];
  captions: CaptionOption[];
  /** -1: off */
  caption: number;
  fullscreen: boolean;
  pipSupported: boolean;
  /** The viewer's data-saver setting (null: not chosen). */
  dataSaver: boolean | null;
  /** Why the data saver is on now ('viewer', 'browser'), null when off (ADR 028). */
  dataSaverSource?: DataSaverSource;
  /** The data saver's rung in pixels (144 or 240). */
  dataSaverMaxHeight?: DataSaverHeight;
  /** Stores the viewer's explicit choice: off, or on at 240p or 144p. */
  onDataSaverChange?: (choice: DataSaverChoice) => void;
  onMenuOpenChange: (open: boolean) => void;
  onTogglePlay: () => void;
  onSeek: (seconds: number) => void;
  onVolume: (volume: number) => void;
  onToggleMute: () => void;
  onSpeed: (rate: number) => void;
  onQuality: (index: number) => void;
  onCaption: (id: number) => void;
  onToggleCaptions: () => void;
  onToggleFullscreen: () => void;
  onTogglePip: () => void;
}

/**
 * The player's controls: big play button, seek bar with the buffered part, clock, volume, captions, the
 * settings menu (quality with the expected MB per hour and for the whole video in the viewer's number format,
 * ADR 025; captions; speed; data saver off, 240p or 144p, saying when the browser turned it on, ADR 028),
 * picture-in-picture and full screen. Rendered inside the player so they stay visible in full screen.
 */
export function PlayerControls(p: PlayerControlsProps) {
  const { t, i18n } = useTranslation();
  const [menu, setMenu] = useState(false);
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const settingsButton = useRef<HTMLButtonElement>(null);
  const { onMenuOpenChange } = p;

  useEffect(() => onMenuOpenChange(menu), [menu, onMenuOpenChange]);
  useEffect(() => {
    if (!menu) return;
    const close = (e: PointerEvent) => {
      if (!menuRef.current?.contains(e.target as Node) && !settingsButton.current?.contains(e.target as Node)) setMenu(false);
    };
    const esc = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        setMenu(false);
        settingsButton.current?.focus();
      }
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', esc, true);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', esc, true);
    };
  }, [menu]);

  const language = (code: string) => t(`player.language.${code}`, { defaultValue: code });
  const withHours = p.duration >= 3600;
  // On as the answer says (the viewer's choice, or the browser's Save-Data while they have not chosen).
  const saverOn = p.dataSaverSource !== undefined ? p.dataSaverSource !== null : p.dataSaver === true;
  const autoLabel = p.quality < 0 && p.activeRendition ? t('player.autoWith', { rendition: p.activeRendition }) : t('player.auto');
  const playedPct = p.duration > 0 ? (p.time / p.duration) * 100 : 0;
  const bufferedPct = p.duration > 0 ? Math.min(100, (p.buffered / p.duration) * 100) : 0;

  return (
    <>
      {(!p.playing || p.waiting) && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          {p.waiting ? (
            <Loader2 className="size-12 animate-spin text-white/90" aria-hidden="true" />
          ) : (
            <button
              type="button"
              onClick={p.onTogglePlay}
              aria-label={t('player.play')}
              className="pointer-events-auto flex size-16 items-center justify-center rounded-full bg-black/60 text-white hover:bg-primary"
            >
              <Play className="size-8 translate-x-0.5" aria-hidden="true" />
            </button>
          )}
        </div>
      )}

      <div
        className={cn(
          'absolute inset-x-0 bottom-0 grid gap-1 bg-gradient-to-t from-black/85 via-black/50 to-transparent px-2 pb-1 pt-8 text-white transition-opacity duration-300',
          p.visible ? 'opacity-100' : 'pointer-events-none opacity-0',
        )}
        data-testid="player-controls"
      >
        <div className="relative flex h-4 items-center px-1">
          <div className="absolute inset-x-1 h-1 rounded bg-white/25" aria-hidden="true">
            <div className="h-full rounded bg-white/40" style={{ width: `${bufferedPct}%` }} />
          </div>
          <div className="absolute left-1 h-1 rounded bg-primary" style={{ width: `calc(${playedPct}% - ${(playedPct / 100) * 0.5}rem)` }} aria-hidden="true" />
          <input
            type="range"
            min={0}
            max={p.duration || 0}
            step="any"
            value={Math.min(p.time, p.duration || 0)}
            onChange={(e) => p.onSeek(Number(e.target.value))}
            aria-label={t('player.seek')}
            aria-valuetext={`${formatClock(p.time, withHours)} / ${formatClock(p.duration, withHours)}`}
            className="relative h-4 w-full cursor-pointer appearance-none bg-transparent accent-primary [&::-webkit-slider-runnable-track]:bg-transparent"
          />
        </div>

        <div className="flex items-center gap-0.5">
          <button type="button" className={iconButton} onClick={p.onTogglePlay} aria-label={p.playing ? t('player.pause') : t('player.play')}>
            {p.playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          </button>
          <button type="button" className={iconButton} onClick={p.onToggleMute} aria-label={p.muted ? t('player.unmute') : t('player.mute')}>
            {p.muted || p.volume === 0 ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
          </button>
          <input
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={p.muted ? 0 : p.volume}
            onChange={(e) => p.onVolume(Number(e.target.value))}
            aria-label={t('player.volume')}
            aria-valuetext={`${Math.round((p.muted ? 0 : p.volume) * 100)}%`}
            className="hidden w-20 accent-primary sm:block"
          />
          <span className="ml-1 whitespace-nowrap text-xs tabular-nums" data-testid="player-clock">
            {formatClock(p.time, withHours)} / {formatClock(p.duration, withHours)}
          </span>
          <span className="flex-1" />
          {p.captions.length > 0 && (
            <button type="button" className={cn(iconButton, p.caption >= 0 && 'text-primary')} onClick={p.onToggleCaptions} aria-label={t('player.captions')} aria-pressed={p.caption >= 0}>
              <Captions aria-hidden="true" />
            </button>
          )}
          <button
            ref={settingsButton}
            type="button"
            className={iconButton}
            onClick={() => setMenu((m) => !m)}
            aria-label={t('player.settings')}
            aria-haspopup="menu"
            aria-expanded={menu}
            aria-controls={menu ? menuId : undefined}
          >
            <Settings aria-hidden="true" />
          </button>
          {p.pipSupported && (
            <button type="button" className={iconButton} onClick={p.onTogglePip} aria-label={t('player.pip')}>
              <PictureInPicture2 aria-hidden="true" />
            </button>
          )}
          <button type="button" className={iconButton} onClick={p.onToggleFullscreen} aria-label={p.fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}>
            {p.fullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
          </button>
        </div>
      </div>

      {menu && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={t('player.settings')}
          className="absolute bottom-14 right-2 z-10 grid max-h-[calc(100%-4.5rem)] w-64 gap-3 overflow-y-auto rounded-lg bg-neutral-900/95 p-3 text-white shadow-xl"
        >
          <div role="group" aria-label={t('player.quality')} className="grid gap-0.5">
            <p className="px-2 text-xs font-semibold uppercase text-white/70">{t('player.quality')}</p>
            <MenuItem checked={p.quality < 0} onSelect={() => p.onQuality(-1)}>
              {autoLabel}
            </MenuItem>
            {[...p.qualities].reverse().map((q) => {
              const mb = qualityMegabytes(q, p.renditions);
              return (
                <MenuItem key={q.index} checked={p.quality === q.index} onSelect={() => p.onQuality(q.index)}>
                  {q.name}
                  <span className="grid text-xs font-normal text-white/60">
                    <span>{t('player.mbPerHour', { mb: formatMegabytes(mb.perHour, i18n.language) })}</span>
                    {mb.forVideo !== null && <span>{t('player.mbForTitle', { mb: formatMegabytes(mb.forVideo, i18n.language) })}</span>}
                  </span>
                </MenuItem>
              );
            })}
          </div>
          {p.captions.length > 0 && (
            <div role="group" aria-label={t('player.captions')} className="grid gap-0.5">
              <p className="px-2 text-xs font-semibold uppercase text-white/70">{t('player.captions')}</p>
              <MenuItem checked={p.caption < 0} onSelect={() => p.onCaption(-1)}>
                {t('player.captionsOff')}
              </MenuItem>
              {p.captions.map((c) => (
                <MenuItem key={c.id} checked={p.caption === c.id} onSelect={() => p.onCaption(c.id)}>
                  {language(c.lang)}
                </MenuItem>
              ))}
            </div>
          )}
          <div role="group" aria-label={t('player.speed')} className="grid gap-0.5">
            <p className="flex items-center gap-1 px-2 text-xs font-semibold uppercase text-white/70">
              <Gauge className="size-3.5" aria-hidden="true" />
              {t('player.speed')}
            </p>
            <div className="flex flex-wrap gap-1 px-1">
              {p.speeds.map((s) => (
                <button
                  key={s}
                  type="button"
                  role="menuitemradio"
                  aria-checked={p.speed === s}
                  onClick={() => p.onSpeed(s)}
                  className={cn('rounded px-2 py-1 text-xs hover:bg-white/10', p.speed === s && 'bg-primary text-primary-foreground')}
                >
                  {s === 1 ? t('player.normalSpeed') : `${s}×`}
                </button>
              ))}
            </div>
          </div>
          {p.onDataSaverChange && (
            <div role="group" aria-label={t('player.dataSaver')} className="grid gap-0.5 border-t border-white/15 pt-2">
              <p className="px-2 text-xs font-semibold uppercase text-white/70">{t('player.dataSaver')}</p>
              <MenuItem checked={!saverOn} onSelect={() => p.onDataSaverChange?.({ dataSaver: false })}>
                {t('player.dataSaverNone')}
              </MenuItem>
              {([240, 144] as const).map((h) => (
                <MenuItem key={h} checked={saverOn && p.dataSaverMaxHeight === h} onSelect={() => p.onDataSaverChange?.({ dataSaver: true, dataSaverMaxHeight: h })}>
                  {`${h}p`}
                </MenuItem>
              ))}
              <p className="px-2 text-xs text-white/60">{p.dataSaverSource === 'browser' ? t('player.dataSaverBrowserShort') : t('player.dataSaverHint')}</p>
            </div>
          )}
        </div>
      )}
    </>
  );
}
