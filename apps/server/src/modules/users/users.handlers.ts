import { requireAuth } from '../../http/auth';
import type { OperationHandlers } from '../../http/operation-types';
import { toUserDto } from './user-dto';
import type { UsersService } from './users.service';

export function createUsersHandlers(
  service: UsersService,
): Pick<OperationHandlers, 'filterUsers' | 'getUser' | 'archiveUser'> {
  return {
    async filterUsers(request) {
      const page = await service.filter(requireAuth(request), request.body);
      return { status: 200, body: { data: page.rows.map(toUserDto), total: page.total } };
    },

    async getUser(request) {
      const user = await service.get(requireAuth(request), request.params.id);
      return { status: 200, body: toUserDto(user) };
    },

    async archiveUser(request) {
      const { id, archived } = request.query;
      const user = await service.setArchived(requireAuth(request), id, archived);
      return { status: 200, body: toUserDto(user) };
    },
  };
}
