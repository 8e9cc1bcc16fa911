/** Account roles, weakest first. A key acts with its account's role (spec 5.4). */
export const ROLES = ['viewer', 'member', 'admin', 'owner'] as const;
export type RoleName = (typeof ROLES)[number];

export function roleAtLeast(role: RoleName, needed: RoleName): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}
