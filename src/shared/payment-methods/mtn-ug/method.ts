import type { OperatorInfo } from '../kit.js';

/**
 * MTN Mobile Money, Uganda: 076/077/078 (Uganda Communications Commission, National Numbering Plan; 078 is MTN's in
 * Rwanda too, so a local number is read in the payer's country, msisdn.ts). Its texts: texts.<language>.json beside
 * this file.
 */
export const mtnUg = { id: 'mtn-ug', method: 'mtn-ug', country: 'UG', name: 'MTN Mobile Money Uganda', shortName: 'MTN', prefixes: ['076', '077', '078'], currency: 'UGX' } as const satisfies OperatorInfo;
