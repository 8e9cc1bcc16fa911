import { Injectable } from '@nestjs/common';
import { newId } from '@app/platform';
import { type Prisma, PrismaService, type SipTrunk } from '@app/db';

/** A trunk's columns as stored (passwords already sealed by the caller). */
export type TrunkWrite = Partial<
  Pick<
    SipTrunk,
    'name' | 'host' | 'port' | 'transport' | 'username' | 'passwordEnc' | 'inboundCidrs' | 'inboundUsername'
  > & { inboundPasswordEnc: string | null }
>;

/** The SIP trunks of the workspaces (README "SIP trunks"). Every query names the workspace. */
@Injectable()
export class SipTrunksRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(workspaceId: string, data: TrunkWrite & Pick<SipTrunk, 'name' | 'host'>) {
    return this.prisma.sipTrunk.create({ data: { ...data, id: newId('sipTrunk'), workspaceId } });
  }

  find(workspaceId: string, id: string) {
    return this.prisma.sipTrunk.findFirst({ where: { workspaceId, id } });
  }

  /**
   * Where a carrier's INVITE to `number` from `address` belongs: the number, its workspace and its
   * trunk, when the number is carried by a trunk whose inbound CIDRs hold the address; else null.
   * (Inbound routing spans workspaces: a number belongs to one, and the carrier names only the number.)
   */
  async findInboundRoute(number: string, address: string) {
    const [row] = await this.prisma.$queryRaw<{ numberId: string; workspaceId: string; trunkId: string }[]>`
      SELECT n.id AS "numberId", n."workspaceId", t.id AS "trunkId"
      FROM "PhoneNumber" n JOIN "SipTrunk" t ON t.id = n."trunkId"
      WHERE n.number = ${number}
        AND EXISTS (SELECT 1 FROM unnest(t."inboundCidrs") c WHERE ${address}::inet <<= c::inet)`;
    return row ?? null;
  }

  /** Whether any trunk of any workspace takes INVITEs from the address (else: 403, whatever the number). */
  async anyTrunkAllows(address: string): Promise<boolean> {
    const [row] = await this.prisma.$queryRaw<{ allowed: boolean }[]>`
      SELECT EXISTS (
        SELECT 1 FROM "SipTrunk" t, unnest(t."inboundCidrs") c WHERE ${address}::inet <<= c::inet
      ) AS allowed`;
    return row.allowed;
  }

  async list(workspaceId: string, skip: number, take: number) {
    const where: Prisma.SipTrunkWhereInput = { workspaceId };
    const [total, list] = await Promise.all([
      this.prisma.sipTrunk.count({ where }),
      this.prisma.sipTrunk.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip, take }),
    ]);
    return { total, list };
  }

  async update(workspaceId: string, id: string, data: TrunkWrite) {
    const { count } = await this.prisma.sipTrunk.updateMany({ where: { workspaceId, id }, data });
    return count === 0 ? null : this.find(workspaceId, id);
  }

  /**
   * Deletes a trunk that carries no number, under a lock on its row (numbers attach to it under
   * the same lock), so no number is left pointing at a deleted trunk.
   */
  async remove(workspaceId: string, id: string): Promise<'deleted' | 'not-found' | { numbers: string[] }> {
    return this.prisma.$transaction(async (tx) => {
      const locked = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM "SipTrunk" WHERE id = ${id} AND "workspaceId" = ${workspaceId} FOR UPDATE`;
      if (locked.length === 0) return 'not-found';
      const numbers = await tx.phoneNumber.findMany({ where: { trunkId: id }, select: { number: true }, take: 20 });
      if (numbers.length > 0) return { numbers: numbers.map((n) => n.number) };
      await tx.sipTrunk.delete({ where: { id } });
      return 'deleted';
    });
  }
}
