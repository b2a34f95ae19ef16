import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The open state of a header disclosure (a button that shows and hides a panel: the Movies and plans menus, the
 * Account menu; no menu library in the first download). The panel closes on any navigation, on a pointer down
 * or a focus outside `root`, and on Escape, which puts focus back on `button` (WAI-ARIA APG "Disclosure").
 * @returns `open`; `toggle()` for the button; `close()` for the panel's own actions; the `root` and `button` refs.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const [openedAt, setOpenedAt] = useState(location.key);
  // A navigation while open (a link in the panel, Back) closes it; set during render, as React advises for state
  // derived from a change.
  if (open && openedAt !== location.key) {
    setOpen(false);
    setOpenedAt(location.key);
  }

  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const toggle = () => {
    setOpenedAt(location.key);
    setOpen((o) => !o);
  };
  const close = () => setOpen(false);
  return { open, toggle, close, root, button };
}
