import { useQuery } from '@tanstack/react-query';
import type { GlossaryEntry } from '@app/shared';
import { listQueryOptions } from '../../../components/data-table/use-list-query';
import type { ListParams } from '../../../components/data-table/list-params';

/** The church's own glossary, or the starter glossary every church inherits. */
export const glossaryPath = (churchId: string | null) => (churchId ? `/churches/${encodeURIComponent(churchId)}/glossary` : '/starter-glossary');

/** GET …/glossary (list machinery). */
export const useGlossaryList = (path: string, params: ListParams) => useQuery(listQueryOptions<GlossaryEntry>(path, params));
