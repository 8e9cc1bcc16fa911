import type { Prisma, PrismaService } from '@app/db';

// The history keeps no relation between deliveries and their attempts or events (schema.prisma): joined by id here.

/** The deliveries `where` picks, each with its attempts in order. */
export async function deliveriesWithAttempts(
  prisma: PrismaService,
  where: Prisma.WebhookDeliveryWhereInput,
  orderBy?: Prisma.WebhookDeliveryOrderByWithRelationInput,
) {
  const deliveries = await prisma.webhookDelivery.findMany({ where, orderBy });
  const attempts = await prisma.deliveryAttempt.findMany({
    where: { deliveryId: { in: deliveries.map((d) => d.id) } },
    orderBy: { number: 'asc' },
  });
  return deliveries.map((d) => ({ ...d, attempts: attempts.filter((a) => a.deliveryId === d.id) }));
}

/** Every attempt of the deliveries `where` picks. */
export async function attemptsOfDeliveries(prisma: PrismaService, where: Prisma.WebhookDeliveryWhereInput) {
  const deliveries = await prisma.webhookDelivery.findMany({ where, select: { id: true } });
  return prisma.deliveryAttempt.findMany({ where: { deliveryId: { in: deliveries.map((d) => d.id) } } });
}
