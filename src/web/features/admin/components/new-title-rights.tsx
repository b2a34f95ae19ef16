import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RightsFields } from './rights-section';
import { defaultRows, newTitleDraft, type RightsDraft, type RightsErrors, type RightsPart } from './rights-logic';

/** The Rights section's state in a create form: what it shows, which parts the admin changed, their errors. */
export interface NewTitleRightsState {
  /** For validateMovieForm / validateSeries: the draft shown and the parts changed. */
  value: { draft: RightsDraft; changed: ReadonlySet<RightsPart> };
  errors: RightsErrors;
  setErrors: (errors: RightsErrors) => void;
  change: (patch: Partial<RightsDraft>, part: RightsPart) => void;
  /** Back to the defaults (after a title is added). */
  reset: () => void;
}

/**
 * The Rights section of a new title (docs/product/admin.md §13 "Adding a title stays one step"; ADR 050, ADR 056):
 * it starts at what the server gives a title added without rights, the chosen translator (`translatorId`, '' for
 * none; the holders follow the Translator field until the admin edits them), else the operator, at 100 %, from now,
 * no end, every country. Only the parts the admin changes are sent, so an admin who changes nothing adds the title
 * in one step with the server's defaults (its clock for the start).
 */
export function useNewTitleRights(translatorId: string): NewTitleRightsState {
  const [draft, setDraft] = useState(() => newTitleDraft('', new Date()));
  const [changed, setChanged] = useState<ReadonlySet<RightsPart>>(new Set());
  const [errors, setErrors] = useState<RightsErrors>({});
  const shown = changed.has('holders') ? draft : { ...draft, rows: defaultRows(translatorId) };
  return {
    value: { draft: shown, changed },
    errors,
    setErrors,
    change: (patch, part) => {
      setDraft({ ...shown, ...patch });
      setChanged((old) => new Set(old).add(part));
      setErrors({ ...errors, [part]: undefined });
    },
    reset: () => {
      setDraft(newTitleDraft('', new Date()));
      setChanged(new Set());
      setErrors({});
    },
  };
}

/** The section itself: a heading, what happens when nothing is changed, and the edit dialogs' Rights fields. */
export function NewTitleRights({ idPrefix, state }: { idPrefix: string; state: NewTitleRightsState }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`${idPrefix}-heading`} className="grid gap-3 rounded-lg border p-3" data-testid="new-title-rights">
      <h3 id={`${idPrefix}-heading`} className="font-semibold">
        {t('admin.rights.heading')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('admin.rights.newTitleHint')}</p>
      <RightsFields idPrefix={idPrefix} draft={state.value.draft} errors={state.errors} onChange={state.change} />
    </section>
  );
}
