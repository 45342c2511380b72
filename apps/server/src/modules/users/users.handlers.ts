import { requireAuth } from '../../http/auth';
import type { OperationHandlers } from '../../http/operation-types';
import { toUserDto } from './user-dto';
import type { UsersService } from './users.service';

export function createUsersHandlers(
  service: UsersService,
): Pick<OperationHandlers, 'filterUsers' | 'getUser' | 'archiveUser'> {
  return {
    async filterUsers(request) {
      const auth = requireAuth(request);
      const page = await service.filter(auth, request.body);
      return {
        status: 200,
        body: { data: await service.describe(auth, page.rows), total: page.total },
      };
    },

    async getUser(request) {
      const auth = requireAuth(request);
      const user = await service.get(auth, request.params.id);
      const [full] = await service.describe(auth, [user]);
      return { status: 200, body: full ?? toUserDto(user) };
    },

    async archiveUser(request) {
      const { id, archived } = request.query;
      const auth = requireAuth(request);
      const user = await service.setArchived(auth, id, archived);
      const [full] = await service.describe(auth, [user]);
      return { status: 200, body: full ?? toUserDto(user) };
    },
  };
}
