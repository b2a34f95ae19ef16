import * as Tabs from '@radix-ui/react-tabs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { SessionUser } from '../../../../shared/contracts/accounts';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { useAdminMovies } from '../api/get-admin-movies';
import { UploadPanel } from '../components/upload-panel';
import { uploadStore, useUploads } from '../hooks/use-uploads';

/** The panel's tabs (docs/product/admin.md §2, plus People of ADR 010, Translators of §12, Payments of §11, Statements of §14 and Messages); `?tab=` keeps the choice across reloads. */
export const ADMIN_TABS = ['movies', 'groups', 'series', 'analytics', 'people', 'translators', 'payments', 'statements', 'messages', 'settings', 'vouchers', 'outbox'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
/** The loading screen shows at least this long (docs/product/admin.md §9, "Admin panel loader 1 s"), ms. */
export const PANEL_LOADER_MS = 1000;

// Each tab is its own chunk; Recharts goes only with the analytics one.
const MoviesTab = lazy(() => import('../tabs/movies-tab'));
const GroupsTab = lazy(() => import('../tabs/groups-tab'));
const SeriesTab = lazy(() => import('../tabs/series-tab'));
const AnalyticsTab = lazy(() => import('../tabs/analytics-tab'));
const PeopleTab = lazy(() => import('../tabs/people-tab'));
const TranslatorsTab = lazy(() => import('../tabs/translators-tab'));
const PaymentsTab = lazy(() => import('../tabs/payments-tab'));
const StatementsTab = lazy(() => import('../tabs/statements-tab'));
const MessagesTab = lazy(() => import('../tabs/messages-tab'));
const SettingsTab = lazy(() => import('../tabs/settings-tab'));
const OutboxTab = lazy(() => import('../tabs/outbox-tab'));
const VouchersTab = lazy(() => import('../tabs/vouchers-tab'));

/** Tabs only a super admin sees (the site settings, ADR 022; vouchers, ADR 042; the outbox, ADR 021). */
export const SUPER_ADMIN_TABS: readonly AdminTab[] = ['settings', 'vouchers', 'outbox'];

export function tabFromParam(value: string | null, role: string = 'super_admin'): AdminTab {
  const tab = (ADMIN_TABS as readonly string[]).includes(value ?? '') ? (value as AdminTab) : 'movies';
  return SUPER_ADMIN_TABS.includes(tab) && role !== 'super_admin' ? 'movies' : tab;
}

/** /super-panel-2025: loading screen, header with the admin's email and role, the six tabs, the upload panel. */
export function AdminPanelPage({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabFromParam(params.get('tab'), user.role);
  const uploads = useUploads();
  // The grid's video states follow this tab's uploads until their videos settle.
  const movies = useAdminMovies({ waiting: () => uploads.some((u) => u.target.kind === 'movie' && (u.status === 'processing' || (u.status === 'uploading' && !u.needsFile))) });
  const [minElapsed, setMinElapsed] = useState(false);
  useEffect(() => {
    const h = setTimeout(() => setMinElapsed(true), PANEL_LOADER_MS);
    return () => clearTimeout(h);
  }, []);

  if (!minElapsed || movies.isPending) {
    return (
      <div className="grid min-h-[60vh] place-items-center" data-testid="admin-loading">
        <Spinner label={t('admin.loading')} showLabel />
      </div>
    );
  }

  const fallback = <Spinner label={t('common.loading')} />;
  return (
    // One column that may shrink below its content (minmax(0, 1fr)): wide tables scroll inside their own box, never the page.
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 pb-32 [overflow-wrap:anywhere]">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold">{t('admin.panelTitle')}</h1>
        <p className="text-sm [overflow-wrap:anywhere]">{t('admin.welcome', { email: user.email })}</p>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          {t('admin.roleLabel')}: <span data-testid="admin-role">{t(`admin.roles.${user.role}`)}</span>
          {user.role === 'super_admin' && <Badge>{t('admin.superAdminAccess')}</Badge>}
        </p>
      </header>
      <Tabs.Root
        value={tab}
        onValueChange={(v) =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              next.set('tab', v);
              return next;
            },
            { replace: true },
          )
        }
        className="grid grid-cols-[minmax(0,1fr)] gap-4"
      >
        <Tabs.List aria-label={t('admin.tabsLabel')} className="flex flex-wrap gap-1 rounded-lg bg-muted p-1">
          {ADMIN_TABS.filter((id) => user.role === 'super_admin' || !SUPER_ADMIN_TABS.includes(id)).map((id) => (
            <Tabs.Trigger
              key={id}
              value={id}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow"
            >
              {t(`admin.tabs.${id}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* Each panel waits for its own chunk inside itself, so the selected tab's aria-controls always names a panel. */}
        <Tabs.Content value="movies">{tab === 'movies' && <Suspense fallback={fallback}><MoviesTab movies={movies} uploads={uploads} /></Suspense>}</Tabs.Content>
        <Tabs.Content value="groups">{tab === 'groups' && <Suspense fallback={fallback}><GroupsTab movies={movies.data ?? []} /></Suspense>}</Tabs.Content>
        <Tabs.Content value="series">{tab === 'series' && <Suspense fallback={fallback}><SeriesTab /></Suspense>}</Tabs.Content>
        <Tabs.Content value="analytics">{tab === 'analytics' && <Suspense fallback={fallback}><AnalyticsTab /></Suspense>}</Tabs.Content>
        <Tabs.Content value="people">{tab === 'people' && <Suspense fallback={fallback}><PeopleTab me={user} /></Suspense>}</Tabs.Content>
        <Tabs.Content value="translators">{tab === 'translators' && <Suspense fallback={fallback}><TranslatorsTab /></Suspense>}</Tabs.Content>
        <Tabs.Content value="payments">{tab === 'payments' && <Suspense fallback={fallback}><PaymentsTab me={user} /></Suspense>}</Tabs.Content>
        <Tabs.Content value="statements">{tab === 'statements' && <Suspense fallback={fallback}><StatementsTab me={user} /></Suspense>}</Tabs.Content>
        <Tabs.Content value="messages">{tab === 'messages' && <Suspense fallback={fallback}><MessagesTab /></Suspense>}</Tabs.Content>
        {user.role === 'super_admin' && <Tabs.Content value="settings">{tab === 'settings' && <Suspense fallback={fallback}><SettingsTab /></Suspense>}</Tabs.Content>}
        {user.role === 'super_admin' && <Tabs.Content value="vouchers">{tab === 'vouchers' && <Suspense fallback={fallback}><VouchersTab /></Suspense>}</Tabs.Content>}
        {user.role === 'super_admin' && <Tabs.Content value="outbox">{tab === 'outbox' && <Suspense fallback={fallback}><OutboxTab /></Suspense>}</Tabs.Content>}
      </Tabs.Root>
      <UploadPanel items={uploads} store={uploadStore()} />
    </div>
  );
}

export default AdminPanelPage;
