import type { ReactNode } from 'react';

/** The frame of a static page: a title, an optional lead paragraph and the content, readable on a phone. */
export function PageShell({ title, lead, children, aside }: { title: string; lead?: ReactNode; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-4 py-10">
      <header className="grid gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        {lead && <p className="text-lg text-muted-foreground">{lead}</p>}
        {aside}
      </header>
      {children}
    </div>
  );
}

/** A titled section of a legal page. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      <div className="grid gap-2 leading-relaxed text-foreground/90">{children}</div>
    </section>
  );
}
