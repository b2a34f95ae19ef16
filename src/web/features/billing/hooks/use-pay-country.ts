import { useCallback, useSyncExternalStore } from 'react';
import { COUNTRIES, COUNTRY_INFO, type Country, isCountry } from '../../../../shared/domain/countries';

/**
 * The country a viewer pays from (docs/decisions/043-payment-methods-countries-and-currencies.md): it decides how a
 * local number (07…) is read, which operators are offered and the currency prices are shown in (RWF, UGX). The
 * viewer's choice is remembered on the device (localStorage `sobanura.payCountry`); until they choose, it is the
 * browser's region when that is a country we take payments from (`rw-RW`, `en-UG`), else Rwanda. A page drawn on
 * the server shows Rwanda (it cannot know the device), and the browser switches after hydration.
 */
export const PAY_COUNTRY_KEY = 'sobanura.payCountry';
const listeners = new Set<() => void>();

/** The region of the browser's languages that is one of COUNTRIES (`en-UG` → UG), or null. */
export function countryOfLanguages(languages: readonly string[]): Country | null {
  for (const l of languages) {
    const region = l.split('-')[1]?.toUpperCase();
    if (isCountry(region)) return region;
  }
  return null;
}

function read(): Country {
  try {
    const stored = window.localStorage.getItem(PAY_COUNTRY_KEY);
    if (isCountry(stored)) return stored;
  } catch {
    // Storage refused (private mode): fall back to the browser's region.
  }
  return countryOfLanguages(navigator.languages ?? [navigator.language]) ?? COUNTRIES[0];
}

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  const onStorage = (e: StorageEvent) => e.key === PAY_COUNTRY_KEY && fn();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(fn);
    window.removeEventListener('storage', onStorage);
  };
}

/** `[country, setCountry, currency]`: the payer's country, the function that remembers a choice, and its currency. */
export function usePayCountry(): [Country, (c: Country) => void, string] {
  const country = useSyncExternalStore(subscribe, read, () => COUNTRIES[0]);
  const set = useCallback((c: Country) => {
    try {
      window.localStorage.setItem(PAY_COUNTRY_KEY, c);
    } catch {
      // Not remembered; still used for this page.
    }
    listeners.forEach((l) => l());
  }, []);
  return [country, set, COUNTRY_INFO[country].currency];
}
