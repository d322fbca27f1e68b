/** Log entry types (new-api compatible); the table lives in contracts so the console shares it. */
export { LogType, type LogTypeValue } from '@gw/contracts';
