import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Input } from '../../../components/ui/input';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search field that reports what was typed once typing pauses (300 ms), or at once on Enter, so a slow
 * connection is not asked for a list at every letter. A value changed from outside (Back, Clear Filters) shows.
 */
export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
  id,
  showLabel = false,
}: {
  value: string;
  onSearch: (q: string) => void;
  label: string;
  placeholder: string;
  id: string;
  showLabel?: boolean;
}) {
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
      className="grid w-full gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        sent.current = draft;
        onSearchRef.current(draft);
      }}
    >
      <label htmlFor={id} className={showLabel ? 'text-xs font-medium text-muted-foreground' : 'sr-only'}>
        {label}
      </label>
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input id={id} type="search" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder={placeholder} autoComplete="off" enterKeyHint="search" className="pl-9" />
      </div>
    </form>
  );
}
