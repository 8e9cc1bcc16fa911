import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { CheckedBy, Optional, Required, IsName } from '@app/platform';
import { cidrProblem } from './sip-trunk-rules';

// A host name or an IPv4/IPv6 address, without scheme, port or path.
const HOST = /^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:]*:[0-9a-fA-F:.]+|[A-Za-z0-9]([A-Za-z0-9-]{0,62}\.?)*[A-Za-z0-9])$/;
const SIP_USER = /^[A-Za-z0-9._~!$&'()*+,;=%-]{1,128}$/;

const sipUser = (field: string) =>
  CheckedBy('isSipUser', (v) =>
    v === null || (typeof v === 'string' && SIP_USER.test(v)) ? null : `${field} must be a SIP user name (or null)`,
  );
const secret = (field: string) =>
  CheckedBy('isTrunkSecret', (v) =>
    v === null || (typeof v === 'string' && v.length >= 1 && v.length <= 256)
      ? null
      : `${field} must be 1-256 characters (or null)`,
  );

/** The settings of a trunk, on create and update alike (create requires name and host). */
class TrunkSettingsDto {
  @ApiPropertyOptional({ description: 'Port of the gateway', default: 5060 })
  @Optional()
  @IsInt({ message: 'port must be an integer' })
  @Min(1)
  @Max(65535)
  port?: number;

  @ApiPropertyOptional({ enum: ['udp', 'tcp'], default: 'udp', description: 'TLS is not supported yet' })
  @Optional()
  @IsIn(['udp', 'tcp'], { message: 'transport must be "udp" or "tcp" (TLS is not supported yet)' })
  transport?: 'udp' | 'tcp';

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Digest user for the carrier; null clears' })
  @Optional()
  @sipUser('username')
  username?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Digest password (write-only, encrypted at rest)' })
  @Optional()
  @secret('password')
  password?: string | null;

  @ApiPropertyOptional({
    type: [String],
    description: "CIDRs the carrier's INVITEs come from",
    example: ['54.172.60.0/30'],
  })
  @Optional()
  @IsArray({ message: 'inboundCidrs must be an array of CIDRs' })
  @ArrayMaxSize(100)
  @CheckedBy('isCidrList', (v) => (Array.isArray(v) ? (v.map(cidrProblem).find((p) => p !== null) ?? null) : null))
  inboundCidrs?: string[];

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Digest user we challenge inbound INVITEs with' })
  @Optional()
  @sipUser('inboundUsername')
  inboundUsername?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Password for inbound challenges (write-only)' })
  @Optional()
  @secret('inboundPassword')
  inboundPassword?: string | null;
}

/** Body of POST /api/core/voice/trunk. */
export class CreateTrunkDto extends TrunkSettingsDto {
  @ApiProperty({ example: 'Twilio Elastic SIP Trunking' })
  @Required()
  @IsName()
  name: string;

  @ApiProperty({
    description: "The carrier's SIP gateway: a host name or an address",
    example: 'example.pstn.twilio.com',
  })
  @Required()
  @IsString()
  @MaxLength(253)
  @Matches(HOST, { message: 'host must be a host name or an IP address, without scheme or port' })
  host: string;
}

/** Body of PATCH /api/core/voice/trunk/{trunkId}: any subset. */
export class UpdateTrunkDto extends TrunkSettingsDto {
  @ApiPropertyOptional()
  @Optional()
  @IsName()
  name?: string;

  @ApiPropertyOptional({ description: "The carrier's SIP gateway" })
  @Optional()
  @IsString()
  @MaxLength(253)
  @Matches(HOST, { message: 'host must be a host name or an IP address, without scheme or port' })
  host?: string;
}
