import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { CheckedBy, Optional, Required, IsName } from '@app/platform';
import {
  scriptProblem,
  toolsProblem,
  voicemailProblem,
  listeningProblem,
  type ListeningSetting,
  type McpToolServer,
  type VoicemailSetting,
} from './assistant-config';
import type { ScriptStep } from '@app/calls';
import { brainProblem, type BrainSetting } from './brain-config';
import { analysisProblem, type AnalysisSetting } from './analysis-config';
import { transcriberProblem, type TranscriberSetting } from './transcriber-config';

const LANGUAGE = /^[a-z]{2}$/;

/** The settings an assistant has besides its name; every one optional, on create and update. */
class AssistantSettingsDto {
  @ApiPropertyOptional({ description: 'Two-letter language code', default: 'en', example: 'en' })
  @Optional()
  @IsString()
  @Matches(LANGUAGE, { message: 'language must be a two-letter code such as "en"' })
  language?: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  voice?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'What the assistant says first' })
  @IsOptional()
  @IsString()
  @MaxLength(4000)
  firstMessage?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(20000)
  systemPrompt?: string | null;

  @ApiPropertyOptional({
    type: 'array',
    items: { $ref: '#/components/schemas/ScriptStep' },
    description: 'Conversation steps the simulator plays',
  })
  @Optional()
  @CheckedBy('isScript', scriptProblem)
  script?: ScriptStep[];

  @ApiPropertyOptional({
    type: 'array',
    items: { $ref: '#/components/schemas/McpToolServer' },
    description: 'MCP tool servers the script may call',
  })
  @Optional()
  @CheckedBy('isToolList', toolsProblem)
  tools?: McpToolServer[];

  @ApiPropertyOptional({
    allOf: [{ $ref: '#/components/schemas/VoicemailSetting' }],
    nullable: true,
    description: 'Voicemail detection; null turns it off',
  })
  @IsOptional()
  @CheckedBy('isVoicemail', voicemailProblem)
  voicemail?: Partial<VoicemailSetting> | null;

  @ApiPropertyOptional({
    allOf: [{ $ref: '#/components/schemas/ListeningSetting' }],
    nullable: true,
    description: "Turn-taking on real calls; null: the engine's defaults",
  })
  @IsOptional()
  @CheckedBy('isListening', listeningProblem)
  listening?: Partial<ListeningSetting> | null;

  @ApiPropertyOptional({
    allOf: [{ $ref: '#/components/schemas/BrainSetting' }],
    nullable: true,
    description: 'Who decides what the assistant says (README "Brains"); null: its script',
  })
  @IsOptional()
  @CheckedBy('isBrain', brainProblem)
  brain?: BrainSetting | null;

  @ApiPropertyOptional({
    allOf: [{ $ref: '#/components/schemas/AnalysisSetting' }],
    nullable: true,
    description: 'Post-call analysis by the model brain (README "Post-call analysis"); null: none',
  })
  @IsOptional()
  @CheckedBy('isAnalysis', analysisProblem)
  analysis?: Partial<AnalysisSetting> | null;

  @ApiPropertyOptional({
    allOf: [{ $ref: '#/components/schemas/TranscriberSetting' }],
    nullable: true,
    description: 'A hosted streaming recogniser for real calls (README "Recognition"); null: offline pocketsphinx',
  })
  @IsOptional()
  @CheckedBy('isTranscriber', transcriberProblem)
  transcriber?: TranscriberSetting | null;

  @ApiPropertyOptional({ minimum: 1, maximum: 14400, default: 600 })
  @Optional()
  @IsInt({ message: 'maxDurationSec must be an integer' })
  @Min(1)
  @Max(14400)
  maxDurationSec?: number;
}

export class CreateAssistantDto extends AssistantSettingsDto {
  @ApiProperty({ example: 'Appointment reminder' })
  @Required()
  @IsName()
  name: string;
}

/** PATCH: any subset of the create fields; voice, firstMessage and systemPrompt accept null to clear. */
export class UpdateAssistantDto extends AssistantSettingsDto {
  @ApiPropertyOptional()
  @Optional()
  @IsName()
  name?: string;
}
