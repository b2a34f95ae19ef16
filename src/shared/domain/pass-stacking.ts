/**
 * Buying a pass on top of a pass (docs/decisions/019): every second paid for is delivered at the plan paid for,
 * and the better plan always runs first. Pure; times are `Date`s, lengths whole seconds.
 *
 * A viewer's passes are a timeline: the pass in force now (`current`, ending at `current.expiresAt`) and the
 * passes waiting behind it (`queued`, one entry per plan with its length in seconds, best plan first). Buying
 * (or being granted) plan P at `now`:
 * - nothing in force: P starts now;
 * - P is the plan in force: its end moves by P's duration (ADR 004's extension);
 * - P is better than the plan in force: P takes effect now; the rest of the lesser pass is queued, whole, and
 *   resumes after P (and after any queued pass better than it);
 * - P is lesser: P is queued and starts when every better pass ahead of it has ended.
 * When the pass in force ends, the best queued pass starts at that instant (`advancePass`), so days queued
 * behind a pass are never shortened by when a job happens to run.
 *
 * "Better" is the order of PLAN_IDS (daily < weekly < monthly < yearly): each plan's quality cap, streams and
 * downloads are at least the previous one's (docs/product/viewer.md §9 plan table; checked by pass-stacking.test.ts).
 */
import { extendExpiry, PLAN_IDS, PLANS, type PlanId } from './plans.js';

/** The pass in force: its plan, when it began (download quotas count from there) and when it ends. */
export interface CurrentPass {
  plan: PlanId;
  startsAt: Date;
  expiresAt: Date;
}

/** A pass waiting behind the one in force: its plan and the whole seconds of it still owed. */
export interface QueuedPass {
  plan: PlanId;
  seconds: number;
}

/** A viewer's passes: the one in force (null: none ever, or the last one ended) and those waiting (best first). */
export interface PassState {
  current: CurrentPass | null;
  queued: QueuedPass[];
}

/** One stretch of the timeline, for display and tests. */
export interface PassSegment {
  plan: PlanId;
  startsAt: Date;
  endsAt: Date;
}

/** What buying `plan` now would do (the /subscribe page says it before paying). */
export type PurchaseEffect =
  /** Nothing in force: the pass starts now and ends at `endsAt`. */
  | { kind: 'starts_now'; plan: PlanId; startsAt: Date; endsAt: Date }
  /** Same plan in force: its end moves to `endsAt`. */
  | { kind: 'extends'; plan: PlanId; startsAt: Date; endsAt: Date }
  /** Better than the plan in force: starts now; `paused` (that plan's `seconds` left) resumes later. */
  | { kind: 'takes_over'; plan: PlanId; startsAt: Date; endsAt: Date; paused: QueuedPass }
  /** Lesser than a pass in force or queued: runs `startsAt`..`endsAt`, right after a pass of plan `after`. */
  | { kind: 'queued'; plan: PlanId; startsAt: Date; endsAt: Date; after: PlanId };

/** Rank of a plan: higher is better (the order of PLAN_IDS). */
export const planRank = (plan: PlanId): number => PLAN_IDS.indexOf(plan);

const addSeconds = (d: Date, seconds: number) => new Date(d.getTime() + seconds * 1000);

/** Merges entries of the same plan, drops empty ones and puts the best plan first. */
export function normaliseQueue(queued: readonly QueuedPass[]): QueuedPass[] {
  const byPlan = new Map<PlanId, number>();
  for (const q of queued) if (q.seconds > 0) byPlan.set(q.plan, (byPlan.get(q.plan) ?? 0) + q.seconds);
  return [...byPlan].map(([plan, seconds]) => ({ plan, seconds })).sort((a, b) => planRank(b.plan) - planRank(a.plan));
}

/**
 * The state at `now`: while the pass in force has ended and a pass is queued, the best queued pass starts at the
 * instant the previous one ended. A state whose pass ended with nothing queued is returned as is (expired).
 */
export function advancePass(now: Date, state: PassState): PassState {
  let current = state.current;
  const queued = normaliseQueue(state.queued);
  while (current && current.expiresAt.getTime() <= now.getTime() && queued.length) {
    const next = queued.shift()!;
    current = { plan: next.plan, startsAt: current.expiresAt, expiresAt: addSeconds(current.expiresAt, next.seconds) };
  }
  return { current, queued };
}

/** Whether a pass is in force at `now` in this (advanced) state. */
const inForce = (now: Date, s: PassState): s is PassState & { current: CurrentPass } => !!s.current && s.current.expiresAt.getTime() > now.getTime();

/**
 * The state after buying or being granted `plan` at `now` (see the file comment). The total time owed grows by
 * exactly the plan's duration; nothing already owed is dropped or moved to a lesser plan.
 */
export function buyPass(now: Date, state: PassState, plan: PlanId): PassState {
  const s = advancePass(now, state);
  const seconds = PLANS[plan].durationSeconds;
  if (!inForce(now, s)) return { current: { plan, startsAt: now, expiresAt: addSeconds(now, seconds) }, queued: s.queued };
  const { current } = s;
  if (plan === current.plan) return { current: { ...current, expiresAt: extendExpiry(now, current.expiresAt, plan) }, queued: s.queued };
  if (planRank(plan) > planRank(current.plan)) {
    // Whole seconds, rounded up: the viewer never loses the fraction of a second left.
    const left = Math.ceil((current.expiresAt.getTime() - now.getTime()) / 1000);
    return { current: { plan, startsAt: now, expiresAt: addSeconds(now, seconds) }, queued: normaliseQueue([...s.queued, { plan: current.plan, seconds: left }]) };
  }
  return { current, queued: normaliseQueue([...s.queued, { plan, seconds }]) };
}

/**
 * The state after taking back a refunded pass of `plan` at `now` (docs/decisions/045-card-refunds.md): the plan's
 * duration is removed from what is still owed on that plan, first from its queued time (not started yet), then from
 * the end of the pass in force when it is of that plan, never before `now`. Time already watched is not taken back,
 * and other plans' time is never touched, so a refund can only shorten what the refunded payment added.
 * @returns the new state and the whole seconds taken back (0 when nothing of that plan was left).
 */
export function refundPass(now: Date, state: PassState, plan: PlanId): { state: PassState; secondsTaken: number } {
  const s = advancePass(now, state);
  let owed = PLANS[plan].durationSeconds;
  const queued = s.queued.map((q) => {
    if (q.plan !== plan || owed === 0) return q;
    const take = Math.min(q.seconds, owed);
    owed -= take;
    return { ...q, seconds: q.seconds - take };
  });
  let current = s.current;
  if (owed > 0 && inForce(now, s) && s.current!.plan === plan) {
    // Whole seconds, rounded up: a pass with less than its plan's duration left ends now, not a fraction later.
    const left = Math.ceil((s.current!.expiresAt.getTime() - now.getTime()) / 1000);
    const take = Math.min(left, owed);
    owed -= take;
    current = { ...s.current!, expiresAt: new Date(Math.max(now.getTime(), s.current!.expiresAt.getTime() - take * 1000)) };
  }
  return { state: { current, queued: normaliseQueue(queued) }, secondsTaken: PLANS[plan].durationSeconds - owed };
}

/** The timeline at `now`: the pass in force (if any) then each queued pass, back to back. */
export function passTimeline(now: Date, state: PassState): PassSegment[] {
  const s = advancePass(now, state);
  if (!inForce(now, s)) return [];
  const out: PassSegment[] = [{ plan: s.current.plan, startsAt: s.current.startsAt, endsAt: s.current.expiresAt }];
  let at = s.current.expiresAt;
  for (const q of s.queued) {
    out.push({ plan: q.plan, startsAt: at, endsAt: addSeconds(at, q.seconds) });
    at = addSeconds(at, q.seconds);
  }
  return out;
}

/** What buying `plan` at `now` would do to this state (the words the /subscribe page shows before paying). */
export function purchaseEffect(now: Date, state: PassState, plan: PlanId): PurchaseEffect {
  const before = advancePass(now, state);
  const after = buyPass(now, before, plan);
  const endsAt = after.current!.expiresAt;
  if (!inForce(now, before)) return { kind: 'starts_now', plan, startsAt: now, endsAt };
  const { current } = before;
  if (plan === current.plan) return { kind: 'extends', plan, startsAt: current.startsAt, endsAt };
  if (planRank(plan) > planRank(current.plan)) {
    return { kind: 'takes_over', plan, startsAt: now, endsAt, paused: { plan: current.plan, seconds: Math.ceil((current.expiresAt.getTime() - now.getTime()) / 1000) } };
  }
  const timeline = passTimeline(now, after);
  const i = timeline.findIndex((x) => x.plan === plan);
  return { kind: 'queued', plan, startsAt: timeline[i]!.startsAt, endsAt: timeline[i]!.endsAt, after: timeline[i - 1]!.plan };
}
