import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { useOutbox } from '../api/outbox';
import { formatDate } from '../../../lib/format';

/**
 * Outbox tab (super admin; ADR 021): mail and SMS kept in the database because no mail server or SMS provider is
 * configured, newest first; open one to read it (a reset link or code a viewer is waiting for).
 */
export function OutboxTab() {
  const { t, i18n } = useTranslation();
  const outbox = useOutbox();
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <section className="grid gap-4" aria-labelledby="outbox-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="outbox-title" className="text-lg font-semibold">
          {t('admin.outbox.title')}
        </h2>
        <Button size="sm" variant="outline" disabled={outbox.isFetching} onClick={() => void outbox.refetch()}>
          {t('admin.outbox.refresh')}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">{t('admin.outbox.intro')}</p>
      {outbox.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : outbox.isError ? (
        <p role="alert" className="text-sm text-destructive">{errorMessage(t, outbox.error)}</p>
      ) : outbox.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin.outbox.empty')}</p>
      ) : (
        <ul className="grid gap-2" data-testid="outbox-list">
          {outbox.data.items.map((m) => (
            <li key={m.id} className="min-w-0 rounded-lg border">
              <button type="button" className="flex w-full min-w-0 flex-wrap items-center justify-between gap-2 p-3 text-left" aria-expanded={openId === m.id} onClick={() => setOpenId(openId === m.id ? null : m.id)}>
                <span className="min-w-0">
                  <span className="block truncate font-medium">{m.subject ?? m.body.slice(0, 60)}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {t('admin.outbox.to')}: {m.to} · {formatDate(m.createdAt, i18n.language, { time: true })}
                  </span>
                </span>
                <Badge variant={m.channel === 'email' ? 'default' : 'success'}>{m.channel === 'email' ? t('admin.outbox.email') : t('admin.outbox.sms')}</Badge>
              </button>
              {openId === m.id && (
                <pre className="whitespace-pre-wrap border-t p-3 font-sans text-sm [overflow-wrap:anywhere]" data-testid="outbox-body">
                  {m.body}
                </pre>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default OutboxTab;
