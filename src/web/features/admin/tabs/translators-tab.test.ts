/** The Translators tab's pure rules: which field a refusal is about (docs/product/admin.md §12), and how a phone reads. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { showPhone, translatorFieldError } from './translators-tab';

describe('translatorFieldError', () => {
  const err = (status: number, code: string, field?: string) => new ApiError(status, code, 'x', field ? { fields: [{ field, message: 'x' }] } : undefined);
  it('names the field and the text of each refusal the API gives', () => {
    expect(translatorFieldError(err(409, 'conflict', 'body.name'))).toEqual({ field: 'name', key: 'admin.translatorsTab.nameTaken' });
    expect(translatorFieldError(err(409, 'conflict', 'body.email'))).toEqual({ field: 'email', key: 'admin.translatorsTab.emailTaken' });
    expect(translatorFieldError(err(400, 'validation_failed', 'body.email'))).toEqual({ field: 'email', key: 'admin.translatorsTab.emailInvalid' });
    expect(translatorFieldError(err(400, 'validation_failed', 'body.name'))).toEqual({ field: 'name', key: 'admin.translatorsTab.nameRequired' });
    expect(translatorFieldError(err(400, 'invalid_msisdn', 'body.phone'))).toEqual({ field: 'phone', key: 'admin.translatorsTab.phoneInvalid' });
  });
  it('leaves other refusals and network failures to the toast', () => {
    expect(translatorFieldError(err(404, 'not_found'))).toBeNull();
    expect(translatorFieldError(err(400, 'validation_failed', 'body.bio'))).toBeNull();
    expect(translatorFieldError(new TypeError('Failed to fetch'))).toBeNull();
  });
});

it('shows a stored number with its + and groups of three', () => {
  expect(showPhone('250788123456')).toBe('+250 788 123 456');
  expect(showPhone('256772123456')).toBe('+256 772 123 456');
});
