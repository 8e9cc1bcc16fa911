import { Injectable } from '@nestjs/common';
import { AppConfig } from '@app/platform';
import { ApiKeysRepository, PeopleRepository, roleAtLeast, type RoleName } from '@app/workspaces';
import type { RequestAuth } from './auth.decorators';

/**
 * Asks again whether the key or session a long request (an event stream) was let in with still
 * holds: not revoked or ended, same workspace, and a role at least the route's. Reads the rows,
 * never the key cache, so a revocation on any gateway counts at the next check.
 */
@Injectable()
export class CredentialCheck {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly people: PeopleRepository,
    private readonly config: AppConfig,
  ) {}

  async holds(auth: RequestAuth, sessionToken: string | undefined, minRole: RoleName): Promise<boolean> {
    const now = auth.rawKey
      ? await this.keys.authenticate(auth.rawKey)
      : sessionToken
        ? await this.people.findSession(sessionToken, this.config.SESSION_IDLE_MS)
        : null;
    if (!now || ('revoked' in now && now.revoked)) return false;
    return now.workspaceId === auth.workspaceId && roleAtLeast(now.role, minRole);
  }
}
