import i18next, { type i18n as I18n } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { memoizeFixedT } from './memo-fixed-t';

function instance(): I18n {
  const inst = i18next.createInstance({
    lng: 'fr',
    fallbackLng: 'en',
    initAsync: false,
    resources: {
      en: { translation: { hello: 'Hello', only: 'Only in English', card: { play: 'Play' } }, other: { hello: 'Hi' } },
      fr: { translation: { hello: 'Bonjour', greet: 'Bonjour {{name}}', card: { play: 'Lire' }, item_one: '{{count}} film', item_other: '{{count}} films' }, other: { hello: 'Salut' } },
    },
  });
  void inst.init();
  return memoizeFixedT(Object.create(inst) as I18n);
}

describe('memoizeFixedT', () => {
  it('gives what i18next gives, for plain keys, prefixes, namespaces, fallbacks and missing keys', () => {
    const view = instance();
    // As react-i18next's useTranslation asks: with `{ scopeNs }` as a fourth argument.
    const getFixedT = view.getFixedT as unknown as (...a: unknown[]) => (key: string) => string;
    const t = getFixedT('fr', 'translation', undefined, { scopeNs: ['translation'] });
    for (let i = 0; i < 2; i++) {
      expect(t('hello')).toBe('Bonjour');
      expect(t('only')).toBe('Only in English');
      expect(t('nowhere')).toBe('nowhere');
    }
    expect(view.getFixedT('fr', 'translation', 'card')('play')).toBe('Lire');
    expect(view.getFixedT('fr', 'other')('hello')).toBe('Salut');
    expect(view.getFixedT('en', 'translation')('hello')).toBe('Hello');
    expect(view.getFixedT('en', 'translation', 'card')('play')).toBe('Play');
  });

  it('passes calls with options (interpolation, counts) to i18next each time', () => {
    const view = instance();
    const t = view.getFixedT('fr', 'translation');
    expect(t('greet', { name: 'Aline' })).toBe('Bonjour Aline');
    expect(t('greet', { name: 'Eric' })).toBe('Bonjour Eric');
    expect(t('item', { count: 1 })).toBe('1 film');
    expect(t('item', { count: 3 })).toBe('3 films');
  });

  it('translates a plain key once, then answers from memory', () => {
    const view = instance();
    const spy = vi.spyOn(Object.getPrototypeOf(view) as I18n, 't');
    const t = view.getFixedT('fr', 'translation');
    expect(t('hello')).toBe('Bonjour');
    expect(view.getFixedT('fr', 'translation')('hello')).toBe('Bonjour');
    expect(spy).toHaveBeenCalledTimes(1);
    expect(t('greet', { name: 'A' })).toBe('Bonjour A');
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('keeps the fixed language and namespace on the translator, as react-i18next reads them', () => {
    const t = instance().getFixedT('fr', 'other', 'card') as unknown as { lng: string; ns: string; keyPrefix: string };
    expect([t.lng, t.ns, t.keyPrefix]).toEqual(['fr', 'other', 'card']);
  });
});
