import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { isMissingRoute } from '../api/keys';
import { useMarkHandled, useMessages } from '../api/messages';
import { formatDate } from '../../../lib/format';

/** Messages tab: the contact form's messages, open ones first by default; read one, mark it handled or open again. */
export function MessagesTab() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<'open' | 'handled' | 'all'>('open');
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = useMessages(filter);
  const mark = useMarkHandled();

  if (messages.isError && isMissingRoute(messages.error)) {
    return (
      <p role="status" className="rounded-xl border p-6 text-center text-sm text-muted-foreground" data-testid="messages-unavailable">
        {t('admin.notAvailableYet')}
      </p>
    );
  }
  return (
    <section className="grid grid-cols-[minmax(0,1fr)] gap-4" aria-labelledby="messages-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="messages-title" className="text-lg font-semibold">
          {t('admin.messagesTitle')}
        </h2>
        <div className="flex flex-wrap gap-1" role="group" aria-label={t('admin.messagesFilter')}>
          {(['open', 'handled', 'all'] as const).map((f) => (
            <Button key={f} size="sm" variant={filter === f ? 'default' : 'outline'} aria-pressed={filter === f} onClick={() => setFilter(f)}>
              {t(`admin.messagesFilters.${f}`)}
            </Button>
          ))}
        </div>
      </div>
      {messages.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : messages.isError ? (
        <p role="alert" className="text-sm text-destructive">{errorMessage(t, messages.error)}</p>
      ) : messages.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin.noMessages')}</p>
      ) : (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
          {messages.data.items.map((m) => (
            <li key={m.id} className="min-w-0 rounded-lg border">
              <button type="button" className="flex w-full flex-wrap items-center justify-between gap-2 p-3 text-left" aria-expanded={openId === m.id} onClick={() => setOpenId(openId === m.id ? null : m.id)}>
                <span className="min-w-0">
                  <span className="block truncate font-medium">{m.subject}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {m.firstName} {m.lastName} · {m.email} · {formatDate(m.createdAt, i18n.language, { time: true })}
                  </span>
                </span>
                <Badge variant={m.handled ? 'success' : 'warning'}>{m.handled ? t('admin.handled') : t('admin.open')}</Badge>
              </button>
              {openId === m.id && (
                <div className="grid gap-3 border-t p-3">
                  <p className="whitespace-pre-wrap text-sm">{m.message}</p>
                  <div className="flex gap-2">
                    <Button size="sm" variant="outline" asChild>
                      <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>{t('admin.reply')}</a>
                    </Button>
                    <Button
                      size="sm"
                      disabled={mark.isPending}
                      onClick={() => mark.mutate({ id: m.id, handled: !m.handled }, { onError: (e) => toast.error(t('admin.messageUpdateFailed'), { description: errorMessage(t, e) }) })}
                    >
                      {m.handled ? t('admin.markOpen') : t('admin.markHandled')}
                    </Button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default MessagesTab;
