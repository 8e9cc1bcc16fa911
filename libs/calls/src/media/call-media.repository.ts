import { Injectable } from '@nestjs/common';
import { PrismaService } from '@app/db';

/** Read side of transcripts and recordings, always within a workspace. */
@Injectable()
export class CallMediaRepository {
  constructor(private readonly prisma: PrismaService) {}

  findTranscript(workspaceId: string, callId: string) {
    return this.prisma.transcript.findFirst({ where: { workspaceId, callId } });
  }

  findRecording(workspaceId: string, callId: string) {
    return this.prisma.recording.findFirst({ where: { workspaceId, callId } });
  }
}
