import { BACKUP_CODE_COUNT } from '@gw/contracts';
import { randomAlphanumeric, sha256Hex } from '../platform/crypto.js';

/** Backup codes as shown: `xxxxx-xxxxx`, lower case letters and digits. */
export function newBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const raw = randomAlphanumeric(10).toLowerCase();
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/** The stored form: case, spaces and dashes do not matter when typing a code. */
export function backupCodeHash(code: string): string {
  return sha256Hex(code.toLowerCase().replace(/[\s-]+/g, ''));
}
