import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The panel's list table (the look of the People and Payments tabs): a bordered box that scrolls sideways on its own,
 * a header row of `columns` (texts already translated) and a last, unlabelled-on-screen Actions column; `children`
 * are the body rows.
 */
export function AdminTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="relative overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <thead className="bg-muted text-left">
          <tr>
            {columns.map((c) => (
              <th key={c} className="p-2">
                {c}
              </th>
            ))}
            <th className="p-2">
              <span className="sr-only">{t('admin.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
