import { Module } from '@nestjs/common';
import { WorkspacesDataModule } from '@app/workspaces';
import { AuthModule } from '../auth/auth.module';
import { AuditController } from './audit.controller';
import { AuthController } from './auth.controller';
import { LoginThrottle } from './login-throttle';
import { MembersController } from './members.controller';

/** People: sign-up, sign-in, sessions, members and the audit log. */
@Module({
  imports: [WorkspacesDataModule, AuthModule],
  controllers: [AuthController, MembersController, AuditController],
  providers: [LoginThrottle],
})
export class PeopleModule {}
