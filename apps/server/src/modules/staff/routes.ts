import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createStaffBody, idParams, revealBody, staffDetail, staffListItem, staffListQuery, updateStaffBody } from '@app/shared';
import type { AppContext } from '../../context';
import { requireActor } from '../../lib/access';
import { registerListRoutes } from '../../lib/list-routes';
import { assertPayrollTwoStep } from '../two-step/payroll-guard';
import { staffCsvColumns } from './staff-source';
import { allStaff, createStaff, deleteStaff, getStaff, listStaff, revealPayroll, updateStaff } from './service';

/** Staff members and their records (spec section 3 Staff member). Pay is never in a list or export (decision 011). */
export async function staffRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];

  registerListRoutes(app, {
    url: '/staff',
    tags,
    summary: 'Staff members of the church (every church for platform admins); no pay values',
    querystring: staffListQuery,
    item: staffListItem,
    requires: 'staff:manage',
    filename: 'staff.csv',
    csvColumns: staffCsvColumns,
    page: (actor, q) => listStaff(ctx, actor, q),
    all: (actor, q) => allStaff(ctx, actor, q),
  });

  api.post('/staff', {
    schema: {
      tags,
      summary: 'Add a staff member: the person’s fields, the staff record and pay in one flat object',
      description: 'Pay fields: `salary`, `payType`, `bankDetails` ({ bsb, accountNumber, accountName? } or "BSB account"), `tfnAbn` (check digits verified), `workVisaStatus`, `emergencyContact`; stored encrypted.',
      body: createStaffBody,
      response: { 201: staffDetail },
    },
    config: { requires: 'staff:manage' },
  }, async (req, reply) => reply.code(201).send(await createStaff(ctx, requireActor(req), req.body)));

  api.get('/staff/:id', {
    schema: {
      tags,
      summary: 'One staff member; pay masked (whole for the staff member themself)',
      params: idParams,
      response: { 200: staffDetail },
    },
    // A staff member reads their own record; the service decides per record.
    config: { requires: 'signed-in' },
  }, async (req) => getStaff(ctx, requireActor(req), req.params.id));

  // One handler under the names an API client may look for; every call is audited as a reveal.
  // Two-step sign-in guards each one (decision 023): `code` in the body, or a code given minutes ago.
  const reveal = {
    schema: {
      tags,
      summary: 'Reveal one staff member’s pay and private details (church admins of their church, platform admins); audited',
      description: 'With two-step sign-in, send `code` (6 digits) unless one was given on this session in the last 5 minutes: 403 `two_step_code_needed` otherwise. An administrator who must use two-step sign-in and has not enrolled gets 403 `two_step_required`.',
      params: idParams,
      response: { 200: staffDetail },
    },
    config: { requires: 'staff:reveal-payroll' as const },
  };
  for (const url of ['/staff/:id/payroll/reveal', '/staff/:id/reveal']) {
    api.post(url, { ...reveal, schema: { ...reveal.schema, body: revealBody } }, async (req) => {
      await assertPayrollTwoStep(ctx, req, req.body?.code);
      return revealPayroll(ctx, requireActor(req), req.params.id);
    });
  }
  api.get('/staff/:id/payroll', reveal, async (req) => {
    await assertPayrollTwoStep(ctx, req, undefined);
    return revealPayroll(ctx, requireActor(req), req.params.id);
  });

  api.patch('/staff/:id', {
    schema: { tags, summary: 'Edit a staff member; only the fields sent change', params: idParams, body: updateStaffBody, response: { 200: staffDetail } },
    config: { requires: 'signed-in' },
  }, async (req) => updateStaff(ctx, requireActor(req), req.params.id, req.body));

  api.delete('/staff/:id', {
    schema: { tags, summary: 'Delete a staff member (their account and record)', params: idParams, response: { 204: z.null() } },
    config: { requires: 'staff:manage' },
  }, async (req, reply) => {
    await deleteStaff(ctx, requireActor(req), req.params.id);
    return reply.code(204).send(null);
  });
}
