import type { TestProject } from 'vitest/node';
import { preparePostgresTemplate, testDialects } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}

/** Runs once before the server suites: the PostgreSQL template is migrated a single time per run. */
export default async function globalSetup(project: TestProject) {
  if (!testDialects().includes('postgres')) {
    project.provide('pgTemplate', '');
    return;
  }
  const template = await preparePostgresTemplate();
  project.provide('pgTemplate', template.name);
  return template.drop;
}
