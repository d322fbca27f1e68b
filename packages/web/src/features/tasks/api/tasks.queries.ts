import { infiniteQueryOptions } from '@tanstack/react-query';
import { nextPageParam } from '../infinite-paging';
import { listDrawingTasks, listTasks, type TaskListParams } from './tasks.api';

export const taskKeys = {
  all: ['tasks'] as const,
  drawings: (params: TaskListParams) => [...taskKeys.all, 'drawing', params] as const,
  tasks: (params: TaskListParams) => [...taskKeys.all, 'task', params] as const,
};

/** Both logs page infinitely: each server page is appended to the ones already loaded (spec 3 §2.6). */
export const taskQueries = {
  drawings: (params: TaskListParams) =>
    infiniteQueryOptions({
      queryKey: taskKeys.drawings(params),
      queryFn: ({ pageParam, signal }) => listDrawingTasks(params, pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: nextPageParam,
    }),
  tasks: (params: TaskListParams) =>
    infiniteQueryOptions({
      queryKey: taskKeys.tasks(params),
      queryFn: ({ pageParam, signal }) => listTasks(params, pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: nextPageParam,
    }),
};
