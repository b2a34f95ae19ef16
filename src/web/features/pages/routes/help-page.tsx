import { ChevronDown, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { formatRwf } from '../../../lib/format';
import { useSiteSettings } from '../../../lib/site-info';
import { PageShell } from '../components/page-shell';
import { FAQ, matchesQuery } from '../faq';
import { PAGES_NS } from '../texts';

/**
 * /help (docs/product/viewer.md §2 "Help and FAQ"): a search box that filters the questions as you type, three
 * categories (Mobile Money Payment, Account & Streaming, Troubleshooting) with answers that open and close
 * (native <details>: keyboard and screen readers for free), and Contact Support. The answer about prices names
 * the prices in force (site settings, ADR 022).
 */
export default function HelpPage() {
  const { t, i18n } = useTranslation(PAGES_NS);
  const { prices } = useSiteSettings();
  const money = Object.fromEntries(Object.entries(prices).map(([id, p]) => [id, formatRwf(p.priceRwf, i18n.language)]));
  const answer = (category: string, id: string) => t(`help.faq.${category}.${id}.a`, money);
  const [query, setQuery] = useState('');
  const searchId = useId();
  const groups = FAQ.map((c) => ({
    ...c,
    items: c.items.filter((id) => matchesQuery(`${t(`help.faq.${c.id}.${id}.q`)} ${answer(c.id, id)}`, query)),
  })).filter((c) => c.items.length > 0);
  const count = groups.reduce((n, g) => n + g.items.length, 0);

  return (
    <PageShell
      title={t('help.title')}
      lead={t('help.lead')}
      aside={
        <div className="relative max-w-xl">
          <label htmlFor={searchId} className="sr-only">
            {t('help.searchLabel')}
          </label>
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('help.searchPlaceholder')} className="pl-9" />
        </div>
      }
    >
      <p className="sr-only" aria-live="polite">
        {t('help.results', { count })}
      </p>
      {groups.length === 0 && <p className="text-muted-foreground">{t('help.noResults')}</p>}
      {groups.map((g) => (
        <section key={g.id} aria-labelledby={`faq-${g.id}`} className="grid gap-3">
          <h2 id={`faq-${g.id}`} className="text-2xl font-bold">
            {t(`help.categories.${g.id}`)}
          </h2>
          <div className="grid gap-2">
            {g.items.map((id) => (
              <details key={id} className="group rounded-lg border p-4 open:bg-muted/40" data-testid="faq-item">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-3 font-medium">
                  {t(`help.faq.${g.id}.${id}.q`)}
                  <ChevronDown className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
                </summary>
                <p className="mt-3 leading-relaxed text-foreground/90">{answer(g.id, id)}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
      <section aria-labelledby="help-support" className="grid justify-items-start gap-3 rounded-xl bg-primary/10 p-6">
        <h2 id="help-support" className="text-xl font-bold">
          {t('help.supportTitle')}
        </h2>
        <p>{t('help.supportText')}</p>
        <Button asChild>
          <Link to="/contact">{t('help.contactSupport')}</Link>
        </Button>
      </section>
    </PageShell>
  );
}
