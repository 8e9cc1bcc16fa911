/** Whether a write failed on a unique constraint (Prisma's and the pg adapter's spellings). */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as {
    code?: string;
    meta?: { code?: string; driverAdapterError?: { cause?: { code?: string; kind?: string } } };
    message?: string;
  };
  return (
    err?.code === 'P2002' ||
    err?.meta?.code === '23505' ||
    err?.meta?.driverAdapterError?.cause?.kind === 'UniqueConstraintViolation' ||
    /unique constraint|23505/i.test(err?.message ?? '')
  );
}
