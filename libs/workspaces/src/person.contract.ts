import { z } from 'zod';
import { contract } from '@app/platform';
import type { Account, Workspace } from '@app/db';
import { ROLES } from './roles';

/** The signed-in person (GET /auth/me, and the sign-in and sign-up answers). */
export const Me = contract(
  'Me',
  z.object({
    accountId: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    workspace: z.object({ workspaceId: z.string(), name: z.string() }),
    csrfToken: z.string().describe('Send as X-CSRF-Token with every cookie-authenticated write'),
  }),
);
export type Me = z.infer<typeof Me>;

export function presentMe(account: Account, workspace: Workspace, csrfToken: string): Me {
  return {
    accountId: account.id,
    email: account.email ?? '',
    name: account.name,
    role: account.role,
    workspace: { workspaceId: workspace.id, name: workspace.name },
    csrfToken,
  };
}
