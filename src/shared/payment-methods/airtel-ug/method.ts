import type { OperatorInfo } from '../kit.js';

/** Airtel Money, Uganda: 070/074/075 (Uganda Communications Commission, National Numbering Plan). Its texts: texts.<language>.json beside this file. */
export const airtelUg = { id: 'airtel-ug', method: 'airtel-ug', country: 'UG', name: 'Airtel Money Uganda', shortName: 'Airtel', prefixes: ['070', '074', '075'], currency: 'UGX' } as const satisfies OperatorInfo;
