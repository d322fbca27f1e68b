import { TaskStatus } from '../task-status.js';

/** OpenAI video job statuses → task statuses, and back for our answers. */
const FROM_OPENAI: Record<string, string> = {
  queued: TaskStatus.Queued,
  in_progress: TaskStatus.InProgress,
  processing: TaskStatus.InProgress,
  completed: TaskStatus.Success,
  succeeded: TaskStatus.Success,
  failed: TaskStatus.Failure,
  cancelled: TaskStatus.Failure,
};

export function taskStatusOfVideo(status: string): string {
  return FROM_OPENAI[status.toLowerCase()] ?? TaskStatus.Unknown;
}

export function videoStatusOf(status: string): string {
  switch (status) {
    case TaskStatus.Success:
      return 'completed';
    case TaskStatus.Failure:
      return 'failed';
    case TaskStatus.InProgress:
      return 'in_progress';
    default:
      return 'queued';
  }
}
