import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  httpError,
  UNAUTHENTICATED_MESSAGE,
  AlertRepository,
  TenancyRepository,
  type UserRecord,
  UserRepository,
} from '../../../server/plugin-api';
import { UserPresenter } from './user-presenter';

/** What the auth routes share: repositories over the app's database and the resource presenter. */
export interface AuthServices {
  users: UserRepository;
  tenancy: TenancyRepository;
  alerts: AlertRepository;
  presenter: UserPresenter;
  /** The caller's full row (routes with access `user`); 401 when the user vanished meanwhile. */
  currentUserRecord(request: FastifyRequest): Promise<UserRecord>;
}

export function createAuthServices(app: FastifyInstance): AuthServices {
  const users = new UserRepository(app.db);
  const tenancy = new TenancyRepository(app.db);
  const alerts = new AlertRepository(app.db);
  return {
    users,
    tenancy,
    alerts,
    presenter: new UserPresenter(app.storage, alerts, tenancy, app.config.operatorEmails),
    async currentUserRecord(request) {
      const record = request.currentUser ? await users.findById(request.currentUser.id) : null;
      if (!record) throw httpError(401, 'unauthenticated', UNAUTHENTICATED_MESSAGE);
      return record;
    },
  };
}
