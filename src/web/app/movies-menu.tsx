import { ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isOtherPriceCurrency, PLAN_IDS, type PlanId } from '../../shared/domain/plans';
import { usePayCountry } from '../features/billing/hooks/use-pay-country';
import { cn } from '../lib/cn';
import { formatMoney, formatRwf } from '../lib/format';
import { useSiteSettings } from '../lib/site-info';
import { useDisclosure } from './use-disclosure';

/** The header's Movies menu (docs/product/viewer.md §2). Trending and New Releases are orders of /movies (see use-catalog-params.ts). */
export const MOVIE_LINKS = [
  { to: '/movies', key: 'nav.allMovies' },
  { to: '/movies?category=trending', key: 'nav.trending' },
  { to: '/movies?category=new-releases', key: 'nav.newReleases' },
  { to: '/movies?tab=series', key: 'nav.series' },
] as const;

/**
 * One link per pass, with its price in force (docs/product/viewer.md §2 "Header" and §9; site settings, ADR 022) in
 * the payer's country's currency (RWF, or UGX from Uganda: docs/decisions/043-payment-methods-countries-and-currencies.md).
 */
export function usePlanLinks(): { to: string; label: ReactNode }[] {
  const { t, i18n } = useTranslation();
  const { prices, currencyPrices } = useSiteSettings();
  const [, , currency] = usePayCountry();
  const other = isOtherPriceCurrency(currency) ? currencyPrices?.[currency] : undefined;
  const priceOf = (id: PlanId) => (other ? formatMoney(other.plans[id].price, currency, i18n.language) : formatRwf(prices[id].priceRwf, i18n.language));
  return PLAN_IDS.map((id) => ({
    to: `/subscribe?plan=${id}`,
    label: (
      <span className="flex w-full items-center justify-between gap-4">
        <span>{t(`plans.${id}.name`)}</span>
        <span className="text-muted-foreground tabular-nums">{priceOf(id)}</span>
      </span>
    ),
  }));
}

const ITEM = 'flex rounded-md px-3 py-2 text-sm font-medium hover:bg-muted';

/**
 * A disclosure menu of links (a button that shows and hides a list): no menu library in the first download. Opens
 * and closes as useDisclosure says.
 */
export function DisclosureMenu({ label, links, activePath }: { label: string; links: { to: string; label: ReactNode }[]; activePath: string }) {
  const id = useId();
  const location = useLocation();
  const { open, toggle, close, root, button } = useDisclosure();

  const active = location.pathname === activePath;
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={toggle}
        className={cn('inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-muted', active ? 'text-primary' : 'text-foreground/80')}
      >
        {label}
        <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      <ul id={id} hidden={!open} className="absolute left-0 top-full z-50 mt-1 grid min-w-56 gap-0.5 rounded-lg border bg-background p-1 shadow-lg">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={ITEM} onClick={close}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function MoviesMenu() {
  const { t } = useTranslation();
  return <DisclosureMenu label={t('nav.movies')} activePath="/movies" links={MOVIE_LINKS.map((l) => ({ to: l.to, label: t(l.key) }))} />;
}

export function PlansMenu() {
  const { t } = useTranslation();
  return <DisclosureMenu label={t('nav.subscribe')} activePath="/subscribe" links={usePlanLinks()} />;
}

/** The same links for the small-screen menu, as a labelled group. */
export function LinkGroup({ title, links, onNavigate }: { title: string; links: { to: string; label: ReactNode }[]; onNavigate?: () => void }) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <p id={id} className="px-3 pt-1 text-xs font-semibold uppercase text-muted-foreground">
        {title}
      </p>
      <ul aria-labelledby={id} className="grid gap-1 pl-2">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={ITEM} onClick={onNavigate}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function MoviesLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return <LinkGroup title={t('nav.movies')} links={MOVIE_LINKS.map((l) => ({ to: l.to, label: t(l.key) }))} onNavigate={onNavigate} />;
}

export function PlansLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return <LinkGroup title={t('nav.subscribe')} links={usePlanLinks()} onNavigate={onNavigate} />;
}
