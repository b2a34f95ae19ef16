import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { streamLimitDetails } from '../../../../shared/contracts/playback';
import { Button } from '../../../components/ui/button';
import type { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { stopStreamSession } from '../api/stream-sessions';
import { PlaybackMessage } from './playback-message';

type Details = z.infer<typeof streamLimitDetails>;

function details(error: ApiError): Details {
  const d = (error.details ?? {}) as Partial<Details>;
  return { limit: typeof d.limit === 'number' ? d.limit : 1, plan: typeof d.plan === 'string' ? d.plan : null, sessions: Array.isArray(d.sessions) ? d.sessions : [] };
}

/**
 * The server refused another stream (409 stream_limit_reached, ADR 009 "Streams"): names the pass's limit, lists
 * the account's playing devices, and lets the viewer stop one (DELETE /api/playback/sessions/:id) and retry.
 */
export function StreamLimit({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  const d = details(error);
  const [stopping, setStopping] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const plan = d.plan ? t(`plans.${d.plan}.name`, { defaultValue: d.plan }) : null;

  const stop = async (id: string) => {
    setStopping(id);
    setProblem(null);
    try {
      await stopStreamSession(id);
      onRetry();
    } catch (e) {
      setProblem(errorMessage(t, e));
      setStopping(null);
    }
  };

  return (
    <PlaybackMessage
      title={t('player.streamLimitTitle')}
      tone="error"
      actions={
        <Button variant="outline" onClick={onRetry}>
          {t('player.retryVideo')}
        </Button>
      }
    >
      <MonitorSmartphone className="mx-auto mb-2 size-6" aria-hidden="true" />
      <p data-testid="stream-limit-text">{plan ? t('player.streamLimitPlan', { count: d.limit, plan }) : t('player.streamLimit', { count: d.limit })}</p>
      <p className="mt-1">{t('player.streamLimitHow')}</p>
      {d.sessions.length > 0 && (
        <ul className="mt-3 grid gap-2 text-left">
          {d.sessions.map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-3 rounded-lg border bg-background p-2">
              <span className="grid min-w-0">
                <span className="truncate font-medium text-foreground">{s.device}</span>
                <span className="truncate text-xs">
                  {s.title} · {t('player.lastSeen', { time: new Date(s.lastSeenAt).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' }) })}
                </span>
              </span>
              <Button size="sm" variant="outline" disabled={stopping !== null} onClick={() => void stop(s.id)}>
                {t('player.stopStream')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p role="alert" className="mt-2 text-destructive">
          {problem}
        </p>
      )}
    </PlaybackMessage>
  );
}
