import { bool, int } from '../option-def.js';

/**
 * new-api's system performance check (performance_setting.monitor_*): relay requests get a 503 while the
 * machine's CPU, memory or data-disk usage is above its threshold (percent; 0 turns that check off).
 * Off by default, unlike new-api: a gateway that uses its cores fully under legitimate load (the benchmark,
 * a busy small machine) would otherwise refuse the very traffic it can still serve; shedding load is the
 * operator's choice.
 */
export const performanceOptions = {
  'performance_setting.monitor_enabled': bool(false),
  'performance_setting.monitor_cpu_threshold': int(90, 0, 100),
  'performance_setting.monitor_memory_threshold': int(90, 0, 100),
  'performance_setting.monitor_disk_threshold': int(95, 0, 100),
};
