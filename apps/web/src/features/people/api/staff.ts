import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStaffBody, StaffDetail, StaffListItem, UpdateStaffBody } from '@app/shared';
import { api } from '../../../lib/api-client';
import { peopleApi } from './people-api';

/** `/staff`: staff members and their records (spec section 3 Staff member). */
export const staffApi = peopleApi<StaffListItem, StaffDetail, CreateStaffBody, UpdateStaffBody>('/staff');

/** POST /staff/:id/payroll/reveal: one record's pay in clear; the server writes it to the audit log. */
export function useRevealPayroll(id: string) {
  const qc = useQueryClient();
  return useMutation({
    // With two-step sign-in a fresh code goes along (decision 023); without one the server may answer 403 two_step_code_needed.
    mutationFn: (code?: string) => api<StaffDetail>(`/staff/${id}/payroll/reveal`, { method: 'POST', body: code ? { code } : undefined }),
    // Kept only in this screen's cache entry: leaving the page and coming back shows it masked again.
    onSuccess: (detail) => qc.setQueryData(['/staff', 'revealed', id], detail),
  });
}
