import { useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@app/shared';
import { listQueryOptions } from '../../../components/data-table/use-list-query';
import type { ListParams } from '../../../components/data-table/list-params';

export const AUDIT_PATH = '/audit';

/** GET /audit: read only; nothing on the web or the API changes an entry. */
export const useAuditLog = (params: ListParams) => useQuery(listQueryOptions<AuditEntry>(AUDIT_PATH, params));
