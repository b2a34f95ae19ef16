import type { ReactNode } from 'react';

/** The frame of every state the player area can be in instead of a video (16:9 so the page does not jump). */
export function PlaybackMessage({ title, children, actions, tone = 'default' }: { title: string; children?: ReactNode; actions?: ReactNode; tone?: 'default' | 'error' }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className="flex min-h-[14rem] w-full flex-col items-center justify-center gap-3 rounded-xl border bg-muted/50 p-6 text-center sm:aspect-video"
    >
      <h2 className={tone === 'error' ? 'text-lg font-semibold text-destructive' : 'text-lg font-semibold'}>{title}</h2>
      {children && <div className="max-w-md text-sm text-muted-foreground">{children}</div>}
      {actions && <div className="flex flex-wrap justify-center gap-2 pt-1">{actions}</div>}
    </div>
  );
}
