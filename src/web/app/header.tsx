import { Download, Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useMe } from '../features/accounts/api/get-me';
import { cn } from '../lib/cn';
import { AccountActions } from './account-actions';
import { AccountMenu } from './account-menu';
import { LanguageSelect } from './language-select';
import { MoviesLinks, MoviesMenu, PlansLinks, PlansMenu } from './movies-menu';
import { setSigningOut } from './sign-out';
import { ThemeToggle } from './theme-toggle';

const HOME = { to: '/', key: 'nav.home', end: true } as const;
const LINKS = [
  { to: '/translators', key: 'nav.translators', end: false },
  { to: '/about', key: 'nav.about', end: false },
] as const;

function NavLinks({ className, onNavigate, mobile = false }: { className?: string; onNavigate?: () => void; mobile?: boolean }) {
  const { t } = useTranslation();
  const link = (l: typeof HOME | (typeof LINKS)[number]) => (
    <NavLink
      to={l.to}
      end={l.end}
      onClick={onNavigate}
      className={({ isActive }) => cn('block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium hover:bg-muted', !mobile && 'px-2 2xl:px-3', isActive ? 'text-primary' : 'text-foreground/80')}
    >
      {t(l.key)}
    </NavLink>
  );
  return (
    <ul className={className}>
      <li>{link(HOME)}</li>
      <li>{mobile ? <MoviesLinks onNavigate={onNavigate} /> : <MoviesMenu />}</li>
      <li>{mobile ? <PlansLinks onNavigate={onNavigate} /> : <PlansMenu />}</li>
      {LINKS.map((l) => (
        <li key={l.to}>{link(l)}</li>
      ))}
    </ul>
  );
}

let resumed = false;

/**
 * The header's link to the Downloads page, for a signed-in viewer (docs/decisions/027-offline-downloads.md). Being
 * on every page, it also continues, once per app start, the downloads that were running when the app last closed
 * (the transfer's code loads in its own chunk, after the page).
 * @param labelled show the word beside the icon (menus) rather than the icon alone (the header's row)
 */
export function DownloadsLink({ labelled = false, onNavigate, className }: { labelled?: boolean; onNavigate?: () => void; className?: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const signedIn = Boolean(me.data?.user);
  useEffect(() => {
    if (!signedIn || resumed || typeof indexedDB === 'undefined') return;
    resumed = true;
    void import('../features/offline/lib/transfer').then((m) => m.resumeUnfinished()).catch(() => undefined);
  }, [signedIn]);
  if (!signedIn) return null;
  return (
    <Link
      to="/downloads"
      onClick={onNavigate}
      aria-label={labelled ? undefined : t('offline.title')}
      title={t('offline.title')}
      className={cn('inline-flex items-center gap-2 rounded-md text-sm font-medium text-foreground/80 hover:bg-muted', labelled ? 'px-3 py-2' : 'size-9 justify-center', className)}
    >
      <Download className="size-5" aria-hidden="true" />
      {labelled && t('offline.title')}
    </Link>
  );
}

/**
 * Logo, home, Movies and pass menus, translators, about; theme, language, account actions (docs/product/viewer.md §2
 * "Header"). The widths are set so the header fits on one line in English, French and Kinyarwanda, signed in or
 * out, admin or not (tests/e2e/layout.e2e.ts):
 * - under 1024 px (phones and tablets held upright), the same items in a collapsible menu ("small screens show a
 *   collapsible menu with the same items"), which closes on a pick (a link, the language) and on Escape;
 * - 1024 to 1279 px, the links in a row and the signed-in actions folded into one account button (account-menu.tsx);
 * - from 1280 px, everything in a row, Admin Panel with its label.
 */
export function Header() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [openedAt, setOpenedAt] = useState(location.key);
  // Any navigation closes the menu.
  if (open && openedAt !== location.key) {
    setOpen(false);
    setOpenedAt(location.key);
  }
  const close = () => setOpen(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // Escape closes the small-screen menu and gives the focus back to its button (WAI-ARIA APG "Disclosure").
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  // A log-out in progress ends with the first navigation after it (sign-out.ts).
  useEffect(() => setSigningOut(false), [location.key]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-2 sm:px-4">
        <Link to="/" className="mr-2 text-xl font-extrabold tracking-tight text-primary">
          Sobanura
        </Link>
        <nav aria-label={t('nav.main')} className="hidden lg:block">
          <NavLinks className="flex items-center" />
        </nav>
        <div className="ml-auto hidden min-w-0 items-center gap-1 lg:flex">
          <DownloadsLink />
          <ThemeToggle />
          <LanguageSelect id="language-desktop" />
          <div className="xl:hidden">
            <AccountMenu />
          </div>
          <div className="hidden xl:block">
            <AccountActions />
          </div>
        </div>
        <div className="ml-auto flex items-center gap-1 lg:hidden">
          <ThemeToggle />
          <button
            ref={toggle}
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-md hover:bg-muted"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => {
              setOpenedAt(location.key);
              setOpen((o) => !o);
            }}
          >
            {open ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
          </button>
        </div>
      </div>
      {open && (
        // Scrolls inside itself: the header is sticky, so a menu taller than the screen could never show its end.
        <div id="mobile-menu" className="max-h-[calc(100dvh-3.5rem)] overflow-y-auto overscroll-contain border-t lg:hidden">
          {/* One column no wider than the screen: a long greeting truncates instead of widening the menu. */}
          <nav aria-label={t('nav.main')} className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-3 px-4 py-3">
            <NavLinks className="grid gap-1" onNavigate={close} mobile />
            <DownloadsLink labelled onNavigate={close} />
            <LanguageSelect id="language-mobile" onPicked={close} />
            <AccountActions vertical onAction={close} />
          </nav>
        </div>
      )}
    </header>
  );
}
