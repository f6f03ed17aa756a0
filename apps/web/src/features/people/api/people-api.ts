import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { listKey, listQueryOptions } from '../../../components/data-table/use-list-query';
import type { ListParams } from '../../../components/data-table/list-params';

/**
 * The people endpoints (`/users`, `/staff`, `/administrators`) share one shape: a list, one record,
 * add, edit, delete. One set of hooks per resource path keeps each list's cache key written once.
 */
export function peopleApi<Item extends { id: string }, Detail = Item, CreateBody = unknown, UpdateBody = unknown>(path: '/users' | '/staff' | '/administrators') {
  const detailKey = (id: string) => [path, 'detail', id] as const;
  return {
    path,
    useList: (params: ListParams) => useQuery(listQueryOptions<Item>(path, params)),
    useOne: (id: string) => useQuery({ queryKey: detailKey(id), queryFn: () => api<Detail>(`${path}/${id}`) }),
    useCreate: () => {
      const qc = useQueryClient();
      return useMutation({
        mutationFn: (body: CreateBody) => api<Detail>(path, { method: 'POST', body }),
        onSuccess: () => qc.invalidateQueries({ queryKey: listKey(path) }),
      });
    },
    useUpdate: (id: string) => {
      const qc = useQueryClient();
      return useMutation({
        mutationFn: (body: UpdateBody) => api<Detail>(`${path}/${id}`, { method: 'PATCH', body }),
        onSuccess: (data) => {
          qc.setQueryData(detailKey(id), data);
          void qc.invalidateQueries({ queryKey: listKey(path) });
        },
      });
    },
    useDelete: () => {
      const qc = useQueryClient();
      return useMutation({
        mutationFn: (id: string) => api<void>(`${path}/${id}`, { method: 'DELETE' }),
        onSuccess: (_data, id) => {
          qc.removeQueries({ queryKey: detailKey(id) });
          void qc.invalidateQueries({ queryKey: listKey(path) });
        },
      });
    },
  };
}
