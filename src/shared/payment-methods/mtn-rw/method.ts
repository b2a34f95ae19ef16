import type { OperatorInfo } from '../kit.js';

/** MTN Mobile Money, Rwanda: 078/079 (ADR 008). Its texts: texts.<language>.json beside this file. */
export const mtnRw = { id: 'mtn', method: 'mtn-rw', country: 'RW', name: 'MTN Mobile Money', shortName: 'MTN', prefixes: ['078', '079'], currency: 'RWF' } as const satisfies OperatorInfo;
