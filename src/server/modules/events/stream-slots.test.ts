/**
 * Live-stream slots (stream-slots.ts): the per-address and total bounds, a release that counts once however often it
 * is called, and the total lowered to half the open-files soft limit.
 */
import { describe, expect, it } from 'vitest';
import { createStreamSlots, openFilesSoftLimit, totalStreamsFor } from './stream-slots.js';

describe('createStreamSlots', () => {
  it('refuses an address past its bound and anyone past the total, and frees a slot once per release', () => {
    const slots = createStreamSlots({ perAddress: 2, total: 3 });
    const a1 = slots.take('a');
    const a2 = slots.take('a');
    expect(a1.ok && a2.ok).toBe(true);
    expect(slots.take('a')).toEqual({ ok: false, refused: 'address' });
    const b1 = slots.take('b');
    expect(b1.ok).toBe(true);
    expect(slots.take('c')).toEqual({ ok: false, refused: 'total' });
    expect(slots.open).toBe(3);
    if (!a1.ok) throw new Error('unreachable');
    a1.release();
    a1.release();
    a1.release();
    expect(slots.open).toBe(2);
    expect(slots.heldBy('a')).toBe(1);
    expect(slots.take('c').ok).toBe(true);
    expect(slots.take('d')).toEqual({ ok: false, refused: 'total' });
  });
});

describe('open-files bound', () => {
  const linux = 'Limit                     Soft Limit           Hard Limit           Units\nMax open files            1024                 524288               files\n';
  it('reads the soft limit from /proc/self/limits text', () => {
    expect(openFilesSoftLimit(linux)).toBe(1024);
    expect(openFilesSoftLimit('Max open files            unlimited            unlimited            files\n')).toBeNull();
    expect(openFilesSoftLimit('')).toBeNull();
  });
  it('keeps the configured total unless half the soft limit is smaller', () => {
    expect(totalStreamsFor(2000, 1024)).toBe(512);
    expect(totalStreamsFor(2000, 20000)).toBe(2000);
    expect(totalStreamsFor(2000, null)).toBe(2000);
    expect(totalStreamsFor(2000, 1)).toBe(1);
  });
});

describe('stream slots by client', () => {
  it('gives every address of one /64 the one bound', () => {
    const slots = createStreamSlots({ perAddress: 2, total: 10 });
    expect(slots.take('2001:db8:0:1::a').ok).toBe(true);
    expect(slots.take('2001:db8:0:1:ffff::b').ok).toBe(true);
    expect(slots.take('2001:db8:0:1::c')).toEqual({ ok: false, refused: 'address' });
    expect(slots.take('2001:db8:0:2::c').ok).toBe(true);
    expect(slots.heldBy('2001:db8:0:1::99')).toBe(2);
  });
});
