import { Role, UserStatus, type SetupBody, type SetupStatus } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { DatabaseType } from '../config/config.schema.js';
import { usersRepository } from '../users/users.repository.js';
import { hashPassword } from '../platform/crypto.js';
import { nowSeconds } from '../platform/clock.js';
import { AppError } from '../http/errors.js';
import { ErrorCode } from '@gw/contracts';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import type { OptionsService } from '../options/options.service.js';
import { newAffCode } from '../users/aff-code.js';

export const ROOT_INITIAL_QUOTA = 100_000_000;
export const APP_VERSION = '0.1.0';

/** First-run initialisation: creates the root user once, then refuses. No default credentials exist. */
export class SetupService {
  private done = false;

  constructor(private readonly db: Db, private readonly options: OptionsService, private readonly databaseType: DatabaseType) {}

  async isDone(): Promise<boolean> {
    if (this.done) return true;
    const row = await this.db.selectFrom('setups').select('id').executeTakeFirst();
    this.done = row !== undefined;
    return this.done;
  }

  async status(): Promise<SetupStatus> {
    const status = await this.isDone();
    const rootInit = status || (await usersRepository.countRoot(this.db)) > 0;
    return { status, root_init: rootInit, database_type: this.databaseType };
  }

  async setup(body: SetupBody): Promise<void> {
    if (await this.isDone()) throw new AppError(ErrorCode.Conflict, 'the system has already been initialized', 200);
    const passwordHash = await hashPassword(body.password);
    const now = nowSeconds();
    try {
      await this.db.transaction().execute(async (trx) => {
        // The fixed id makes a second, concurrent setup fail on the primary key.
        await trx.insertInto('setups').values({ id: 1, version: APP_VERSION, initialized_at: now } as never).execute();
        if ((await usersRepository.countRoot(trx)) === 0) {
          await usersRepository.insert(trx, {
            username: body.username,
            password: passwordHash,
            display_name: 'Root User',
            role: Role.Root,
            status: UserStatus.Enabled,
            quota: ROOT_INITIAL_QUOTA,
            aff_code: newAffCode(),
            created_at: now,
          });
        }
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(ErrorCode.Conflict, 'the system has already been initialized', 200);
      throw err;
    }
    this.done = true;
    await this.options.set({ SelfUseModeEnabled: body.SelfUseModeEnabled, DemoSiteEnabled: body.DemoSiteEnabled });
  }
}
