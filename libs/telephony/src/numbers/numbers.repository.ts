import { Injectable } from '@nestjs/common';
import { newId } from '@app/platform';
import { isUniqueViolation, type PhoneNumber, type Prisma, PrismaService } from '@app/db';

export interface NumberInput {
  number: string;
  source: 'provisioned' | 'imported';
  label: string | null;
  assistantId: string | null;
  assistantRequestUrl: string | null;
  assistantRequestSecretEnc: string;
  /** The SIP trunk that carries an imported number. */
  trunkId?: string | null;
}

export interface NumberPatch {
  label?: string | null;
  assistantId?: string | null;
  assistantRequestUrl?: string | null;
  assistantRequestSecretEnc?: string;
  default?: boolean;
}

export type NumberWithDefault = { row: PhoneNumber; isDefault: boolean };
type CreateResult =
  | { kind: 'created'; number: NumberWithDefault }
  | { kind: 'taken' }
  | { kind: 'assistant-not-found' }
  | { kind: 'trunk-not-found' };

const withDefault = { defaultOf: { select: { id: true } } } as const;
const present = (n: PhoneNumber & { defaultOf: { id: string } | null }): NumberWithDefault => {
  const { defaultOf, ...row } = n;
  return { row, isDefault: defaultOf !== null };
};

/** Numbers the workspaces hold. A number is held by one workspace at most: `number` is unique. */
@Injectable()
export class NumbersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Adds the number, in one transaction with the check that its assistant exists (share-locked, so
   * it cannot be deleted meanwhile); the workspace's first number becomes its default.
   */
  async create(workspaceId: string, input: NumberInput): Promise<CreateResult> {
    try {
      return await this.prisma.$transaction(async (tx) => {
        // The workspace row first, in the mode the default-number update needs: the number's foreign
        // key would otherwise take a weaker lock and upgrade it later, which deadlocks with a
        // start-call's admission locking the row in between.
        await tx.$queryRaw`SELECT id FROM "Workspace" WHERE id = ${workspaceId} FOR NO KEY UPDATE`;
        if (input.assistantId && !(await this.lockAssistant(tx, workspaceId, input.assistantId))) {
          return { kind: 'assistant-not-found' } as const;
        }
        // Share-locked like the assistant: a trunk being deleted waits, then sees the number.
        if (input.trunkId) {
          const trunk = await tx.$queryRaw<{ id: string }[]>`
            SELECT id FROM "SipTrunk" WHERE id = ${input.trunkId} AND "workspaceId" = ${workspaceId} FOR SHARE`;
          if (trunk.length === 0) return { kind: 'trunk-not-found' } as const;
        }
        const id = newId('phoneNumber');
        await tx.phoneNumber.create({ data: { ...input, id, workspaceId } });
        await tx.workspace.updateMany({
          where: { id: workspaceId, defaultNumberId: null },
          data: { defaultNumberId: id },
        });
        const created = await tx.phoneNumber.findUniqueOrThrow({ where: { id }, include: withDefault });
        return { kind: 'created', number: present(created) } as const;
      });
    } catch (e) {
      if (isUniqueViolation(e)) return { kind: 'taken' };
      throw e;
    }
  }

  /** Of the candidates, the first no workspace holds (null when all are held). */
  async firstFree(candidates: string[]): Promise<string | null> {
    const held = await this.prisma.phoneNumber.findMany({
      where: { number: { in: candidates } },
      select: { number: true },
    });
    const taken = new Set(held.map((h) => h.number));
    return candidates.find((c) => !taken.has(c)) ?? null;
  }

  async find(workspaceId: string, id: string): Promise<NumberWithDefault | null> {
    const found = await this.prisma.phoneNumber.findFirst({ where: { workspaceId, id }, include: withDefault });
    return found && present(found);
  }

  /** The workspace's holding of this E.164 number. */
  findByNumber(workspaceId: string, number: string) {
    return this.prisma.phoneNumber.findFirst({ where: { workspaceId, number } });
  }

  /** Any workspace's holding of the number: where a carrier's inbound call belongs. */
  findHolder(number: string) {
    return this.prisma.phoneNumber.findUnique({ where: { number } });
  }

  findById(id: string) {
    return this.prisma.phoneNumber.findUnique({ where: { id } });
  }

  /** The workspace's default number, if it has one. */
  async findDefault(workspaceId: string) {
    const ws = await this.prisma.workspace.findUnique({ where: { id: workspaceId }, select: { defaultNumber: true } });
    return ws?.defaultNumber ?? null;
  }

  async list(workspaceId: string, skip: number, take: number) {
    const where = { workspaceId };
    const [total, list] = await Promise.all([
      this.prisma.phoneNumber.count({ where }),
      this.prisma.phoneNumber.findMany({
        where,
        include: withDefault,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip,
        take,
      }),
    ]);
    return { total, list: list.map(present) };
  }

  async update(
    workspaceId: string,
    id: string,
    patch: NumberPatch,
  ): Promise<NumberWithDefault | 'not-found' | 'assistant-not-found'> {
    return this.prisma.$transaction(async (tx) => {
      const { default: makeDefault, ...data } = patch;
      if (patch.assistantId && !(await this.lockAssistant(tx, workspaceId, patch.assistantId))) {
        return 'assistant-not-found';
      }
      const { count } = await tx.phoneNumber.updateMany({ where: { workspaceId, id }, data });
      if (count === 0) return 'not-found';
      if (makeDefault === true) {
        await tx.workspace.update({ where: { id: workspaceId }, data: { defaultNumberId: id } });
      } else if (makeDefault === false) {
        await tx.workspace.updateMany({
          where: { id: workspaceId, defaultNumberId: id },
          data: { defaultNumberId: null },
        });
      }
      return present(await tx.phoneNumber.findUniqueOrThrow({ where: { id }, include: withDefault }));
    });
  }

  /** Releases the number: it is deleted (a default number stops being the default, by its foreign key). */
  async remove(workspaceId: string, id: string): Promise<PhoneNumber | null> {
    const [released] = await this.prisma.$queryRaw<PhoneNumber[]>`
      DELETE FROM "PhoneNumber" WHERE id = ${id} AND "workspaceId" = ${workspaceId} RETURNING *`;
    return released ?? null;
  }

  /** Numbers that route their calls to the assistant (an assistant they answer with cannot be deleted). */
  numbersOfAssistant(workspaceId: string, assistantId: string) {
    return this.prisma.phoneNumber.findMany({ where: { workspaceId, assistantId }, select: { number: true } });
  }

  private async lockAssistant(tx: Prisma.TransactionClient, workspaceId: string, id: string): Promise<boolean> {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "Assistant" WHERE id = ${id} AND "workspaceId" = ${workspaceId} AND "deletedAt" IS NULL
      FOR SHARE`;
    return rows.length === 1;
  }
}
