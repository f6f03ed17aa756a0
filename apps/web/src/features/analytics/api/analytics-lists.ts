import { useQuery } from '@tanstack/react-query';
import type { ListenerSession, NewUserItem, SalvationItem, SermonAnalyticsItem } from '@app/shared';
import type { ListParams } from '../../../components/data-table/list-params';
import { listQueryOptions } from '../../../components/data-table/use-list-query';

/** The analytics lists: each a path of the shared list machinery. */
export const analyticsPaths = {
  salvations: '/analytics/salvations',
  newUsers: '/analytics/new-users',
  sermons: '/analytics/sermons',
  listeners: '/analytics/listeners',
} as const;

export const useSalvationList = (p: ListParams) => useQuery(listQueryOptions<SalvationItem>(analyticsPaths.salvations, p));
export const useNewUserList = (p: ListParams) => useQuery(listQueryOptions<NewUserItem>(analyticsPaths.newUsers, p));
export const useSermonList = (p: ListParams) => useQuery(listQueryOptions<SermonAnalyticsItem>(analyticsPaths.sermons, p));
export const useListenerList = (p: ListParams) => useQuery(listQueryOptions<ListenerSession>(analyticsPaths.listeners, p));
