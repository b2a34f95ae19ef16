import { Loader2, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Input } from '../../../components/ui/input';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search field that reports what was typed once typing pauses (300 ms), or at once on Enter, so a slow
 * connection is not asked for a list at every letter. A value changed from outside (Back, Clear Filters) shows.
 *
 * Before the app has loaded it is a plain `GET action?q=` form (docs/decisions/024-forms-before-hydration.md):
 * Enter loads `action` (default /movies) drawn on the server with the query, keeping the page's other filters
 * (tab, category, translator, sort, view; a new search starts at page 1); a spinner shows while the browser loads
 * it (CSS on the form's `aria-busy`, set by the drawn page's script, ssr.ts FORM_BUSY_SCRIPT).
 */
export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
  id,
  showLabel = false,
  action = '/movies',
}: {
  value: string;
  onSearch: (q: string) => void;
  label: string;
  placeholder: string;
  id: string;
  showLabel?: boolean;
  /** Where the form goes without the app: the catalogue page that reads `q`. */
  action?: string;
}) {
  const [search] = useSearchParams();
  const kept = [...search.entries()].filter(([name]) => name !== 'q' && name !== 'page');
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const sent = useRef(value);
  if (value !== seen) {
    setSeen(value);
    // Our own debounced value coming back through the URL must not overwrite letters typed since.
    if (value !== sent.current) setDraft(value);
    sent.current = value;
  }
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });

  useEffect(() => {
    if (draft === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = draft;
      onSearchRef.current(draft);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  return (
    <form
      role="search"
      method="get"
      action={action}
      data-busy-on-submit=""
      className="group/form grid w-full gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        sent.current = draft;
        onSearchRef.current(draft);
      }}
    >
      <label htmlFor={id} className={showLabel ? 'text-xs font-medium text-muted-foreground' : 'sr-only'}>
        {label}
      </label>
      {kept.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Loader2 className="pointer-events-none absolute right-3 top-1/2 hidden size-4 -translate-y-1/2 animate-spin text-muted-foreground group-aria-busy/form:block" aria-hidden="true" />
        <Input id={id} name="q" type="search" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder={placeholder} autoComplete="off" enterKeyHint="search" className="pl-9" />
      </div>
    </form>
  );
}
