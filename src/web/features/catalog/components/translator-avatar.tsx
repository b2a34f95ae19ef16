import { useState } from 'react';
import { cn } from '../../../lib/cn';

/** A translator's photo, or their initials when there is none (or it fails to load). */
export function TranslatorAvatar({ name, photoUrl, className }: { name: string; photoUrl: string | null; className?: string }) {
  const [broken, setBroken] = useState(false);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return (
    <div className={cn('relative size-16 shrink-0 overflow-hidden rounded-full bg-primary/15 text-primary', className)}>
      {photoUrl && !broken ? (
        <img src={photoUrl} alt="" width={128} height={128} loading="lazy" decoding="async" onError={() => setBroken(true)} className="size-full object-cover" />
      ) : (
        <span aria-hidden="true" className="flex size-full items-center justify-center text-lg font-bold">
          {initials}
        </span>
      )}
    </div>
  );
}
