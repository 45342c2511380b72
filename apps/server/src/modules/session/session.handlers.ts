import { requireAuth } from '../../http/auth';
import type { TokenResponse } from '../../http/contract-types';
import type { OperationHandlers } from '../../http/operation-types';
import { toUserDto } from '../users/user-dto';
import type { Session, SessionService } from './session.service';

const toTokenResponse = (session: Session): TokenResponse => ({
  token: session.token,
  instructor: toUserDto(session.user),
  userSettings: session.settings,
});

export function createSessionHandlers(
  service: SessionService,
): Pick<
  OperationHandlers,
  | 'generateToken'
  | 'generateTokenForSupportUser'
  | 'getRolePermissions'
  | 'requestFscUserPasswordChange'
  | 'setFscUserPassword'
> {
  return {
    async generateToken(request) {
      const session = await service.signIn(request.body.email, request.body.password);
      return { status: 200, body: toTokenResponse(session) };
    },

    async generateTokenForSupportUser(request) {
      const session = await service.signInWithSupportToken(request.body.token);
      return { status: 200, body: toTokenResponse(session) };
    },

    async getRolePermissions(request) {
      const { drivingSchoolId, roleId } = request.query;
      const permissions = await service.rolePermissions(
        requireAuth(request),
        drivingSchoolId,
        roleId,
      );
      return { status: 200, body: permissions };
    },

    async requestFscUserPasswordChange(request) {
      await service.requestPasswordChange(request.query.userEmail);
      return { status: 204 };
    },

    async setFscUserPassword(request) {
      await service.setPassword(request.query.passwordToken, request.query.rawPassword);
      return { status: 204 };
    },

    // requestStudentPasswordChangeFromFsc stays unimplemented (501) until students exist.
  };
}
