// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { renderRoutes } from '../test/render';
import { Footer } from './footer';

describe('the footer', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('gives the copyright the current year in Kigali, not the spec’s 2024', () => {
    // 22:30 UTC on New Year's Eve is already 00:30 on 1 January in Kigali (UTC+2).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-12-31T22:30:00Z'));
    renderRoutes([{ path: '/', element: <Footer /> }], '/');
    expect(screen.getByText('© 2032 Sobanura. All rights reserved.')).toBeTruthy();
  });
});
