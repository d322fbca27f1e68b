import type { Db } from '../db/database.js';
import type { OptionsService } from '../options/options.service.js';
import type { SessionStore } from '../auth/session-store.js';

/** User rules: registration, invites, admin management and self-service. (Filled in by the users work.) */
export class UsersService {
  constructor(
    readonly db: Db,
    readonly options: OptionsService,
    readonly sessions: SessionStore,
  ) {}
}
