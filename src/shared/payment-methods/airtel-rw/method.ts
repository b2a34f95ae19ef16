import type { OperatorInfo } from '../kit.js';

/** Airtel Money, Rwanda: 072/073 (ADR 008). Its texts: texts.<language>.json beside this file. */
export const airtelRw = { id: 'airtel', method: 'airtel-rw', country: 'RW', name: 'Airtel Money', shortName: 'Airtel', prefixes: ['072', '073'], currency: 'RWF' } as const satisfies OperatorInfo;
