import type { i18n as I18n, TFunction } from 'i18next';

/** At most this many texts are remembered per instance (the app has about 2,000 keys per language). */
export const MEMO_LIMIT = 10_000;

/**
 * Makes `view.getFixedT` (what react-i18next's `useTranslation` asks for on every render) hand out translators
 * that remember what a plain text key gave: `t('key')`, with no options, always gives the same text for one
 * language, namespace and key prefix once the texts are loaded, which on the server they are from the start
 * (entry-server.tsx builds one instance per language with every text, and never changes its language).
 *
 * Why: i18next's fixedT copies its options (about 50 properties) into a new object and runs the translator's key
 * resolution on every call; a page of ten cards makes hundreds of such calls per drawing, about 6 % of the server's
 * CPU on /movies (bench/pages/run.ts --profile; docs/decisions/014-server-rendering.md). A call with options
 * (interpolation, counts, context, a default value) or a key that is not a string goes to i18next as before.
 *
 * Only for an instance whose texts and language never change while it is in use; the browser's instance does
 * change language, so this is for the server's views only. At most `MEMO_LIMIT` texts are kept; later keys are
 * translated each time.
 */
export function memoizeFixedT(view: I18n): I18n {
  const texts = new Map<string, string>();
  const original = view.getFixedT.bind(view) as unknown as (...a: unknown[]) => (...b: unknown[]) => unknown;
  const getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown, ...rest: unknown[]) => {
    const fixed = original(lng, ns, keyPrefix, ...rest);
    // react-i18next passes `{ scopeNs }` (used only to resolve keys given as functions); anything else is not memoized.
    const [fixedOpts, ...more] = rest as [unknown, ...unknown[]];
    const plainOpts = fixedOpts === undefined || (typeof fixedOpts === 'object' && fixedOpts !== null && Object.keys(fixedOpts).every((k) => k === 'scopeNs'));
    if (!plainOpts || more.length > 0) return fixed as unknown as TFunction;
    const scope = `${JSON.stringify([lng ?? null, ns ?? null, (fixedOpts as { scopeNs?: unknown } | undefined)?.scopeNs ?? null])}|${typeof keyPrefix === 'string' ? keyPrefix : ''}|`;
    const memo = ((key: unknown, ...args: unknown[]) => {
      if (typeof key !== 'string' || args.length > 0 || (keyPrefix !== undefined && typeof keyPrefix !== 'string')) return fixed(key, ...args);
      const id = scope + key;
      let text = texts.get(id);
      if (text === undefined) {
        const out = fixed(key);
        if (typeof out !== 'string' || texts.size >= MEMO_LIMIT) return out;
        text = out;
        texts.set(id, text);
      }
      return text;
    }) as unknown as TFunction & { lng?: unknown; lngs?: unknown; ns?: unknown; keyPrefix?: unknown };
    const props = fixed as unknown as { lng?: unknown; lngs?: unknown; ns?: unknown; keyPrefix?: unknown };
    memo.lng = props.lng;
    memo.lngs = props.lngs;
    memo.ns = props.ns;
    memo.keyPrefix = props.keyPrefix;
    return memo;
  }) as I18n['getFixedT'];
  view.getFixedT = getFixedT;
  return view;
}
