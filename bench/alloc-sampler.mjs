// Preloaded into the gateway by bench/alloc.mjs (--import) when BENCH_ALLOC_TOP is set: V8's sampling heap
// profiler, collected objects included, so it says where the garbage comes from. The first SIGUSR2 starts
// sampling (after the warm-up), the second writes the profile to ALLOC_PROFILE_OUT.
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';

const session = new Session();
session.connect();
const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))));
let sampling = false;
process.on('SIGUSR2', () => {
  sampling = !sampling;
  if (sampling) {
    void post('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    return;
  }
  void post('HeapProfiler.stopSampling').then(({ profile }) => writeFileSync(process.env.ALLOC_PROFILE_OUT, JSON.stringify(profile)));
});
