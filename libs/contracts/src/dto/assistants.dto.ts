import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength, ValidateBy } from 'class-validator';
import { Optional, Required } from '@app/common';
import { scriptProblem, toolsProblem, type McpToolServer, type ScriptStep } from '../assistant-config';

/** Runs a "first problem" checker as a class-validator rule, so the 422 names the bad entry. */
const CheckedBy = (name: string, problem: (v: unknown) => string | null) =>
  ValidateBy({ name, validator: { validate: (v) => problem(v) === null, defaultMessage: (args) => problem(args?.value) ?? '' } });

const LANGUAGE = /^[a-z]{2}$/;

export class CreateAssistantDto {
  @Required() @IsString() @MinLength(1) @MaxLength(200)
  name: string;

  @Optional() @IsString() @Matches(LANGUAGE, { message: 'language must be a two-letter code such as "en"' })
  language?: string;

  @IsOptional() @IsString() @MaxLength(100)
  voice?: string | null;

  @IsOptional() @IsString() @MaxLength(4000)
  firstMessage?: string | null;

  @IsOptional() @IsString() @MaxLength(20000)
  systemPrompt?: string | null;

  @Optional() @CheckedBy('isScript', scriptProblem)
  script?: ScriptStep[];

  @Optional() @CheckedBy('isToolList', toolsProblem)
  tools?: McpToolServer[];

  @Optional() @IsInt({ message: 'maxDurationSec must be an integer' }) @Min(1) @Max(14400)
  maxDurationSec?: number;
}

/** PATCH: any subset of the create fields; voice, firstMessage and systemPrompt accept null to clear. */
export class UpdateAssistantDto {
  @Optional() @IsString() @MinLength(1) @MaxLength(200)
  name?: string;

  @Optional() @IsString() @Matches(LANGUAGE, { message: 'language must be a two-letter code such as "en"' })
  language?: string;

  @IsOptional() @IsString() @MaxLength(100)
  voice?: string | null;

  @IsOptional() @IsString() @MaxLength(4000)
  firstMessage?: string | null;

  @IsOptional() @IsString() @MaxLength(20000)
  systemPrompt?: string | null;

  @Optional() @CheckedBy('isScript', scriptProblem)
  script?: ScriptStep[];

  @Optional() @CheckedBy('isToolList', toolsProblem)
  tools?: McpToolServer[];

  @Optional() @IsInt({ message: 'maxDurationSec must be an integer' }) @Min(1) @Max(14400)
  maxDurationSec?: number;
}
