/** API token status (spec 3 §4); the wire constant lives in the contracts. */
export { TokenStatus } from '@gw/contracts';
