import { LayoutGrid, List } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import type { View } from '../hooks/use-catalog-params';

/** Grid or list, as two toggle buttons. */
export function ViewToggle({ value, onChange }: { value: View; onChange: (view: View) => void }) {
  const { t } = useTranslation();
  const button = (view: View, label: string, Icon: typeof List) => (
    <button
      type="button"
      aria-pressed={value === view}
      aria-label={label}
      title={label}
      onClick={() => onChange(view)}
      className={cn('inline-flex size-9 items-center justify-center rounded-md transition', value === view ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground')}
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  );
  return (
    <div role="group" aria-label={t('catalog.viewLabel')} className="inline-flex h-10 shrink-0 items-center rounded-lg bg-muted p-0.5">
      {button('grid', t('catalog.gridView'), LayoutGrid)}
      {button('list', t('catalog.listView'), List)}
    </div>
  );
}
