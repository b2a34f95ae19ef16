import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A centred spinner with a text for screen readers (and sighted viewers when `showLabel`). */
export function Spinner({ label, showLabel = false, className }: { label: string; showLabel?: boolean; className?: string }) {
  return (
    <div role="status" className={cn('flex flex-col items-center justify-center gap-3 py-12 text-muted-foreground', className)}>
      <Loader2 className="size-8 animate-spin" aria-hidden="true" />
      <span className={showLabel ? 'text-sm' : 'sr-only'}>{label}</span>
    </div>
  );
}
