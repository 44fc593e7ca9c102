import { expect, it } from 'vitest';
import { OPERATORS_PATHS, OPERATORS_SERVER_MESSAGES } from '../../plugins/operators/common/operators-contract';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import { confirmedUser } from './auth-test-helpers';

/**
 * The alert banner while the app runs: an instance operator (OPERATOR_EMAILS, or the role the
 * CLI grants) publishes, corrects and withdraws alerts, and another user's page sees each change
 * on its next poll (`GET /api/v1/alerts/relevant`), with no restart. Everyone else, account
 * admins included, gets a 403; bad input a 422 naming the field.
 */

const OPERATOR_EMAIL = 'Operator@Example.com';

/** A confirmed user with this exact address (confirmedUser picks its own). */
async function userWithEmail(ctx: TestAppContext, email: string) {
  const client = ctx.client();
  const res = await client.post('/users', {
    user: { email, password: 'correct horse battery', name: 'Olga', lastName: 'Ops' },
  });
  expect(res.status).toBe(201);
  await ctx.db.query('UPDATE users SET confirmed_at = now() WHERE id = $1', [res.body.data.id]);
  return client;
}

describeOnBothDatabases(
  'operators: the alert banner published, edited and withdrawn while the app runs',
  { config: { operatorEmails: [OPERATOR_EMAIL.toLowerCase()] } },
  (ctx) => {
    it('an operator publishes, edits and withdraws; another user sees each change on the next poll', async () => {
      const operator = await userWithEmail(ctx, OPERATOR_EMAIL);
      expect((await operator.get('/api/v1/users/')).body.data.attributes.role).toBe('staff');
      const reader = (await confirmedUser(ctx)).client;
      expect((await reader.get('/api/v1/users/')).body.data.attributes.role).toBe('user');
      expect((await reader.get(OPERATORS_PATHS.relevant)).body).toEqual({ data: null });

      const published = await operator.post(OPERATORS_PATHS.alerts, {
        message: '  Maintenance tonight at 22:00 UTC ',
        linkLabel: 'Status',
        linkUrl: 'https://status.example.com/',
      });
      expect(published.status).toBe(201);
      const id: string = published.body.data.id;
      expect(published.body.data.attributes).toMatchObject({
        message: 'Maintenance tonight at 22:00 UTC',
        linkLabel: 'Status',
        linkUrl: 'https://status.example.com/',
        active: true,
      });
      expect((await reader.get(OPERATORS_PATHS.relevant)).body.data).toEqual({
        id,
        message: 'Maintenance tonight at 22:00 UTC',
        linkLabel: 'Status',
        linkUrl: 'https://status.example.com/',
      });
      // The user resource says the same after a reload.
      expect((await reader.get('/api/v1/users/')).body.data.attributes.relevantAlert.message).toBe(
        'Maintenance tonight at 22:00 UTC',
      );

      const edited = await operator.put(OPERATORS_PATHS.alert(id), {
        message: 'Maintenance tonight at 23:00 UTC',
        linkLabel: null,
        linkUrl: null,
      });
      expect(edited.status).toBe(200);
      expect((await reader.get(OPERATORS_PATHS.relevant)).body.data).toEqual({
        id,
        message: 'Maintenance tonight at 23:00 UTC',
        linkLabel: null,
        linkUrl: null,
      });

      const listed = await operator.get(OPERATORS_PATHS.alerts);
      expect(
        listed.body.data.map((a: { id: string; attributes: { active: boolean } }) => [a.id, a.attributes.active]),
      ).toEqual([[id, true]]);

      const withdrawn = await operator.delete(OPERATORS_PATHS.alert(id));
      expect(withdrawn.status).toBe(200);
      expect(withdrawn.body.data.attributes.active).toBe(false);
      expect((await reader.get(OPERATORS_PATHS.relevant)).body).toEqual({ data: null });
      expect((await operator.delete(OPERATORS_PATHS.alert('999999'))).body).toMatchObject({
        statusCode: 404,
        message: OPERATORS_SERVER_MESSAGES.alertNotFound,
      });
    });

    it('withdrawing one alert shows the older one still active; a dismissed alert stays dismissed after an edit', async () => {
      const op = await confirmedUser(ctx);
      await ctx.db.query("UPDATE users SET role = 'staff' WHERE id = $1", [op.userId]); // what server/cli/operators.ts --grant does
      const older = (await op.client.post(OPERATORS_PATHS.alerts, { message: 'Older news' })).body.data.id as string;
      const newer = (await op.client.post(OPERATORS_PATHS.alerts, { message: 'Newer news' })).body.data.id as string;
      const reader = (await confirmedUser(ctx)).client;
      expect((await reader.get(OPERATORS_PATHS.relevant)).body.data.id).toBe(newer);
      await op.client.delete(OPERATORS_PATHS.alert(newer));
      expect((await reader.get(OPERATORS_PATHS.relevant)).body.data.id).toBe(older);

      expect((await reader.put('/api/v1/users/set_last_viewed_alert', { alertId: older })).status).toBe(200);
      expect((await reader.get(OPERATORS_PATHS.relevant)).body).toEqual({ data: null });
      await op.client.put(OPERATORS_PATHS.alert(older), { message: 'Older news, corrected' });
      expect((await reader.get(OPERATORS_PATHS.relevant)).body).toEqual({ data: null });
      await op.client.delete(OPERATORS_PATHS.alert(older));
    });

    it('refuses everyone but operators (account admins included) with a 403, and bad input with a 422 naming the field', async () => {
      const admin = await confirmedUser(ctx); // the admin of their own account
      expect((await admin.client.get(OPERATORS_PATHS.alerts)).body).toMatchObject({
        statusCode: 403,
        message: OPERATORS_SERVER_MESSAGES.operatorsOnly,
      });
      expect((await admin.client.post(OPERATORS_PATHS.alerts, { message: 'Hi' })).status).toBe(403);
      expect((await admin.client.put(OPERATORS_PATHS.alert('1'), { message: 'Hi' })).status).toBe(403);
      expect((await admin.client.delete(OPERATORS_PATHS.alert('1'))).status).toBe(403);
      expect((await ctx.client().get(OPERATORS_PATHS.relevant)).status).toBe(401);

      const op = await confirmedUser(ctx);
      await ctx.db.query("UPDATE users SET role = 'staff' WHERE id = $1", [op.userId]);
      expect((await op.client.post(OPERATORS_PATHS.alerts, { message: '   ' })).body).toMatchObject({
        statusCode: 422,
        message: OPERATORS_SERVER_MESSAGES.messageBlank,
        field: 'message',
      });
      expect((await op.client.post(OPERATORS_PATHS.alerts, { message: 'Hi', linkLabel: 'More' })).body).toMatchObject({
        statusCode: 422,
        message: OPERATORS_SERVER_MESSAGES.linkTogether,
        field: 'linkUrl',
      });
      expect(
        (
          await op.client.post(OPERATORS_PATHS.alerts, {
            message: 'Hi',
            linkLabel: 'More',
            linkUrl: 'javascript:alert(1)',
          })
        ).body,
      ).toMatchObject({ statusCode: 422, message: OPERATORS_SERVER_MESSAGES.linkUrl, field: 'linkUrl' });
      expect((await op.client.post(OPERATORS_PATHS.alerts, { message: 'x'.repeat(501) })).status).toBe(400);
      expect((await op.client.put(OPERATORS_PATHS.alert('abc'), { message: 'Hi' })).status).toBe(400);
      expect(
        (await op.client.get(OPERATORS_PATHS.alerts)).body.data.every(
          (a: { attributes: { active: boolean } }) => !a.attributes.active,
        ),
      ).toBe(true);
    });
  },
);
