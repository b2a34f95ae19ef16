import { ChevronDown, CircleUser } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../features/accounts/api/get-me';
import { cn } from '../lib/cn';
import { AccountActions } from './account-actions';
import { useDisclosure } from './use-disclosure';

/**
 * The signed-in account actions folded into one button (greeting, then Admin Panel, Settings and Log out in a
 * panel), for header widths where they do not fit in a row beside the links in every language (header.tsx).
 * Signed out it draws Log in and Register in a row, as AccountActions does. Opens and closes as useDisclosure says.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const me = useMe();
  const id = useId();
  const { open, toggle, close, root, button } = useDisclosure();

  const user = me.data?.user;
  if (!user) return <AccountActions />;
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={t('nav.account')}
        title={t('nav.account')}
        onClick={toggle}
        className="inline-flex h-9 items-center gap-1 rounded-md px-2 text-sm font-medium text-foreground/80 hover:bg-muted"
      >
        <CircleUser className="size-5" aria-hidden="true" />
        <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      {/* Drawn only while open: the row of actions (hidden at this width) keeps the one greeting and Log out of the page. */}
      {open && (
        <div id={id} className="absolute right-0 top-full z-50 mt-1 w-64 max-w-[calc(100vw-1rem)] rounded-lg border bg-background p-2 shadow-lg">
          <AccountActions vertical onAction={close} />
        </div>
      )}
    </div>
  );
}
