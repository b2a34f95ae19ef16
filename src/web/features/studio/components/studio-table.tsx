import type { ReactNode } from 'react';

/** A column of a studio table: its header text (already translated), right-aligned for figures, or read only by screen readers. */
export interface StudioColumn {
  label: string;
  numeric?: boolean;
  srOnly?: boolean;
}

/** The studio's tables (figures, earnings, payouts): a header row of `columns`, then `children` as the body rows. */
export function StudioTable({ testId, columns, children }: { testId: string; columns: readonly StudioColumn[]; children: ReactNode }) {
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <thead>
        <tr className="text-left text-muted-foreground">
          {columns.map((c) => (
            <th key={c.label} className={`p-2 font-medium${c.numeric ? ' text-right' : ''}`}>
              {c.srOnly ? <span className="sr-only">{c.label}</span> : c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
