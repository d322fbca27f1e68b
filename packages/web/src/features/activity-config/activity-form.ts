import dayjs, { type Dayjs } from 'dayjs';
import type { ActivityView } from '@gw/contracts';

/** The fields of an activity the editor reads and sends (spec 3 §3). Dates are unix seconds; 0 means unlimited. */
export type ActivityFields = Pick<ActivityView, 'name' | 'desc' | 'quota' | 'status' | 'start_date' | 'end_date'>;

/** The activity editor's form model; an empty date means "no limit" on that side. */
export interface ActivityFormValues {
  name: string;
  desc: string;
  quota: number | null;
  status: boolean;
  start: Dayjs | null;
  end: Dayjs | null;
}

export function newActivityValues(): ActivityFormValues {
  return { name: '', desc: '', quota: null, status: true, start: null, end: null };
}

export function activityToValues(a: ActivityFields): ActivityFormValues {
  return {
    name: a.name,
    desc: a.desc,
    quota: a.quota,
    status: a.status,
    start: a.start_date ? dayjs.unix(a.start_date) : null,
    end: a.end_date ? dayjs.unix(a.end_date) : null,
  };
}

/** False only when both dates are set and the end is not after the start. */
export function datesInOrder(start: Dayjs | null, end: Dayjs | null): boolean {
  if (!start || !end) return true;
  return end.unix() > start.unix();
}

/** Form values → the body of POST /api/activity/ and PUT /api/activity/{id}: trimmed text, 0 for an open date. */
export function valuesToActivityBody(v: ActivityFormValues): ActivityFields {
  return {
    name: v.name.trim(),
    desc: v.desc.trim(),
    quota: Math.trunc(v.quota ?? 0),
    status: v.status,
    start_date: v.start ? v.start.unix() : 0,
    end_date: v.end ? v.end.unix() : 0,
  };
}

/** Rewards can be granted only while the activity is active and `now` (unix seconds) is within its dates. */
export function canGrantRewards(a: Pick<ActivityFields, 'status' | 'start_date' | 'end_date'>, now: number): boolean {
  if (!a.status) return false;
  if (a.start_date && now < a.start_date) return false;
  if (a.end_date && now > a.end_date) return false;
  return true;
}

/** The editor field that shows a contract issue on a body field (dates are named differently in the form). */
export function formFieldOf(bodyField: string): keyof ActivityFormValues {
  if (bodyField === 'start_date') return 'start';
  if (bodyField === 'end_date') return 'end';
  return (['name', 'desc', 'quota', 'status'] as const).find((f) => f === bodyField) ?? 'name';
}
