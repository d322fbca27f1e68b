import { preparePostgresTemplate, testDialects } from './test-database.js';

/** Runs once before the server suites: the PostgreSQL template is migrated a single time. */
export default async function globalSetup() {
  if (testDialects().includes('postgres')) await preparePostgresTemplate();
}
