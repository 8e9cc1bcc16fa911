import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller';
import { LoginThrottle } from './login-throttle';

/** People: sign-up, sign-in, sessions. */
@Module({ controllers: [AuthController], providers: [LoginThrottle] })
export class PeopleModule {}
