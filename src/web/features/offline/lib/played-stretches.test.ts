import { describe, expect, it } from 'vitest';
import { withStretch } from './played-stretches';

describe('withStretch (docs/decisions/049-minutes-watched-ledger.md)', () => {
  const at = (s: number) => new Date(Date.UTC(2026, 10, 29, 10, 0, s)).toISOString();
  it('adds a stretch, grows the one still playing in place, and leaves out empty ones', () => {
    let played = withStretch([], at(0), at(15));
    played = withStretch(played, at(0), at(30));
    expect(played).toEqual([{ from: at(0), to: at(30) }]);
    played = withStretch(played, at(40), at(45));
    expect(played).toEqual([{ from: at(0), to: at(30) }, { from: at(40), to: at(45) }]);
    expect(withStretch(played, at(50), at(50))).toEqual(played);
    expect(withStretch(played, at(50), at(49))).toEqual(played);
  });
  it('keeps the newest stretches up to the most a check-in may report', () => {
    let played = withStretch([], at(0), at(1), 2);
    played = withStretch(played, at(2), at(3), 2);
    played = withStretch(played, at(4), at(5), 2);
    expect(played.map((s) => s.from)).toEqual([at(2), at(4)]);
  });
});
