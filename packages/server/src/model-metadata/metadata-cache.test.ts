import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { ChangeEvents } from '../platform/change-events.js';
import { MetadataCache } from './metadata-cache.js';
import { modelMetadataRepository } from './model-metadata.repository.js';

describe('metadata cache', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(() => database?.drop());

  const insert = (model_name: string, description: string) =>
    modelMetadataRepository.insert(database.db, {
      model_name, description, icon: '', tags: '', vendor_id: 0, endpoints: '', context_length: 0, max_output_tokens: 0, knowledge_cutoff: '',
      release_date: '', parameter_count: '', input_modalities: '', output_modalities: '', status: 1, sync_official: 1, name_rule: 0, created_time: 0, updated_time: 0,
    });

  it('keeps what it read until a change event, or at most a minute without one', async () => {
    let now = 1_000_000;
    const events = new ChangeEvents();
    const cache = new MetadataCache(database.db, events, () => now);
    expect((await cache.index()).entryFor('cached-a')).toBeUndefined();

    // Written behind its back (another node without a shared bus): not seen yet.
    await insert('cached-a', 'first');
    now += 30_000;
    expect((await cache.index()).entryFor('cached-a')).toBeUndefined();
    now += 31_000;
    expect((await cache.index()).entryFor('cached-a')?.description).toBe('first');

    await insert('cached-b', 'second');
    expect((await cache.index()).entryFor('cached-b')).toBeUndefined();
    events.changed('model-metadata');
    expect((await cache.index()).entryFor('cached-b')?.description).toBe('second');
  });

  it('reads again after a failed load', async () => {
    await insert('cached-c', 'third');
    const cache = new MetadataCache(database.db);
    const broken = cache as unknown as { load: () => Promise<unknown> };
    const load = broken.load.bind(cache);
    broken.load = () => Promise.reject(new Error('database away'));
    await expect(cache.index()).rejects.toThrow('database away');
    broken.load = load;
    expect((await cache.index()).entryFor('cached-c')?.description).toBe('third');
  });
});
